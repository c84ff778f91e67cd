import { occurrenceDueDate, type AssigneeDto, type EquipmentDto } from '@caliber/contracts';
import { demoPlans } from './demo-plans';

const device = (i: number, category: string): EquipmentDto =>
  ({
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `${category} ${i}`,
    serialNumber: `SN-${i}`,
    category,
    department: 'ICU',
    status: 'Serviceable',
  }) as EquipmentDto;
const people: AssigneeDto[] = [
  { _id: 'a', name: 'Tech One', role: 'Technician', serviceNumber: 'T1' },
  { _id: 'b', name: 'Eng One', role: 'Engineer', serviceNumber: 'E1' },
];
const inventory = ['Ventilator', 'Defibrillator', 'Infusion Pump', 'Monitor'].flatMap((category, c) =>
  Array.from({ length: 6 }, (_, i) => device(c * 10 + i, category)),
);

describe('demoPlans', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  const plans = demoPlans(inventory, people, now);

  it('plans some devices of each kind and leaves some of each without a plan', () => {
    const planned = new Set(plans.map((plan) => plan.equipment._id));
    for (const category of ['Ventilator', 'Defibrillator', 'Infusion Pump', 'Monitor']) {
      const ofKind = inventory.filter((item) => item.category === category);
      expect(ofKind.some((item) => planned.has(item._id))).toBe(true);
      expect(ofKind.some((item) => !planned.has(item._id))).toBe(true);
    }
  });

  it('has occurrences on the schedule up to the lead time, and a history with every outcome', () => {
    for (const plan of plans) {
      plan.occurrences.forEach((task, n) => {
        expect(task.plan).toEqual({ occurrence: n });
        expect(task.dueInDays).toBeLessThanOrEqual(14);
      });
      expect(plan.nextDueDate).toBe(
        occurrenceDueDate(plan.firstDueDate, plan.interval, plan.occurrences.length),
      );
      expect(Date.parse(plan.nextDueDate)).toBeGreaterThan(now + 14 * 86_400_000 - 86_400_000);
    }
    const past = plans.flatMap((plan) => plan.occurrences).filter((task) => (task.dueInDays ?? 0) < 0);
    const late = past.filter(
      (task) => task.completedDaysAgo !== null && task.completedDaysAgo < -(task.dueInDays ?? 0),
    );
    const missed = past.filter((task) => task.status === 'Pending');
    expect(late.length).toBeGreaterThan(0);
    expect(missed.length).toBeGreaterThan(0);
    expect(past.length - late.length - missed.length).toBeGreaterThan(missed.length);
  });

  it('justifies every alternative maintenance schedule', () => {
    for (const plan of plans)
      if (plan.scheduleBasis === 'Alternative maintenance schedule') expect(plan.justification).toBeTruthy();
  });
});
