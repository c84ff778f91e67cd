import {
  occurrenceDueDate,
  type AssigneeDto,
  type EquipmentDto,
  type PmInterval,
  type PmType,
  type ScheduleBasis,
} from '@caliber/contracts';
import type { DemoTask } from './demo-tasks';

/** One demo PM plan, its schedule, and its occurrences so far (tasks with their outcome). */
export interface DemoPlan {
  equipment: EquipmentDto;
  title: string;
  description: string;
  pmType: PmType;
  interval: PmInterval;
  estimatedHours: number;
  assignee: AssigneeDto | null;
  firstDueDate: string;
  scheduleBasis: ScheduleBasis;
  justification: string | null;
  /** The occurrences made so far; the plan's next is `occurrences.length`. */
  occurrences: DemoTask[];
  nextDueDate: string;
}

interface PlanKind {
  category: string;
  count: number;
  title: string;
  pmType: PmType;
  interval: PmInterval;
  hours: number;
  basis: ScheduleBasis;
  justification?: string;
}

/** What a biomedical department keeps on a PM schedule, and how often. */
const KINDS: PlanKind[] = [
  {
    category: 'Ventilator',
    count: 4,
    title: 'Ventilator performance verification',
    pmType: 'Calibrations',
    interval: 'Quarterly',
    hours: 2,
    basis: 'Manufacturer recommendation',
  },
  {
    category: 'Defibrillator',
    count: 4,
    title: 'Defibrillator energy delivery and battery test',
    pmType: 'Safety Testing',
    interval: 'Monthly',
    hours: 0.5,
    basis: 'Manufacturer recommendation',
  },
  {
    category: 'Infusion Pump',
    count: 3,
    title: 'Infusion pump flow-rate and occlusion test',
    pmType: 'Calibrations',
    interval: 'Biannually',
    hours: 1,
    basis: 'Alternative maintenance schedule',
    justification:
      'Three years of PM records show no failures found at the quarterly check; the AEM program committee approved a six-monthly interval.',
  },
  {
    category: 'Monitor',
    count: 2,
    title: 'Patient monitor electrical safety test',
    pmType: 'Safety Testing',
    interval: 'Annually',
    hours: 1,
    basis: 'Manufacturer recommendation',
  },
];

const DAY_MS = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysFrom = (today: string, date: string) => Math.round((Date.parse(date) - Date.parse(today)) / DAY_MS);

/**
 * How an occurrence went, by its place in a fixed pattern: mostly on time, some late, a few
 * missed, so the compliance figures on a fresh start show something true and not perfect.
 */
function outcomeOf(plan: number, n: number): 'onTime' | 'late' | 'missed' {
  const step = (plan * 3 + n) % 9;
  return step === 4 ? 'late' : step === 7 ? 'missed' : 'onTime';
}

/**
 * PM plans on the demo inventory with their history: each plan started long enough ago to have
 * several occurrences, whose outcomes follow `outcomeOf`; occurrences due within the next 14 days
 * exist already (the daily job's lead time), later ones do not. A device or two of each kind is
 * left without a plan, so the "in the PM program without a plan" list has something to show.
 */
export function demoPlans(equipment: EquipmentDto[], people: AssigneeDto[], now: number): DemoPlan[] {
  const technicians = people.filter((person) => person.role === 'Technician');
  const engineers = people.filter((person) => person.role === 'Engineer' || person.role === 'Admin');
  if (technicians.length === 0 || engineers.length === 0) return [];
  const today = dateOf(now);
  const horizon = dateOf(now + 14 * DAY_MS);
  const inUse = equipment.filter((item) => item.status !== 'Decommissioned' && item.status !== 'Auctioned');
  const plans: DemoPlan[] = [];
  for (const kind of KINDS) {
    const devices = inUse.filter((item) => item.category === kind.category).slice(0, kind.count);
    devices.forEach((item, i) => {
      const p = plans.length;
      const monthsBack = kind.interval === 'Monthly' ? 7 : kind.interval === 'Quarterly' ? 13 : 25;
      const first = new Date(now);
      first.setUTCMonth(first.getUTCMonth() - monthsBack, 3 + ((p * 5) % 24));
      const firstDueDate = dateOf(first.getTime());
      const assignee = i % 2 === 0 ? (technicians[p % technicians.length] ?? null) : null;
      const certifier = engineers[p % engineers.length] ?? null;
      const occurrences: DemoTask[] = [];
      let n = 0;
      for (
        let due = firstDueDate;
        due <= horizon;
        due = occurrenceDueDate(firstDueDate, kind.interval, ++n)
      ) {
        const dueIn = daysFrom(today, due);
        const outcome = dueIn >= 0 ? null : outcomeOf(p, n);
        const completedDaysAgo =
          outcome === 'onTime'
            ? Math.max(0, -dueIn + 1 + (n % 3))
            : outcome === 'late'
              ? Math.max(0, -dueIn - 6)
              : null;
        occurrences.push({
          title: kind.title,
          description: `${kind.title} per the service manual, with the results recorded on the PM form.`,
          taskType: 'Preventive',
          pmType: kind.pmType,
          pmInterval: kind.interval,
          priority: item.category === 'Ventilator' || item.category === 'Defibrillator' ? 'High' : 'Medium',
          status: completedDaysAgo === null ? 'Pending' : 'Completed',
          equipment: item,
          assignee:
            assignee ?? (completedDaysAgo === null ? null : (technicians[n % technicians.length] ?? null)),
          createdDaysAgo: Math.max(0, 14 - dueIn),
          completedDaysAgo,
          dueInDays: dueIn,
          certifiedBy: completedDaysAgo !== null && completedDaysAgo > 2 ? certifier : null,
          faultDescription: null,
          repairDetails: completedDaysAgo === null ? null : 'All checks within the manufacturer’s limits.',
          spareParts: [],
          labourHours: completedDaysAgo === null ? null : kind.hours,
          reportedBy: null,
          severity: null,
          location: null,
          plan: { occurrence: n },
        });
      }
      plans.push({
        equipment: item,
        title: kind.title,
        description: `${kind.title} per the service manual.`,
        pmType: kind.pmType,
        interval: kind.interval,
        estimatedHours: kind.hours,
        assignee,
        firstDueDate,
        scheduleBasis: kind.basis,
        justification: kind.justification ?? null,
        occurrences,
        nextDueDate: occurrenceDueDate(firstDueDate, kind.interval, n),
      });
    });
  }
  return plans;
}
