import {
  PM_INTERVALS,
  PM_TYPES,
  type AssigneeDto,
  type EquipmentDto,
  type IssueSeverity,
  type PmInterval,
  type PmType,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
} from '@caliber/contracts';

/** One demo task and where its life has got to. */
export interface DemoTask {
  title: string;
  description: string;
  taskType: TaskType;
  pmType: PmType | null;
  pmInterval: PmInterval | null;
  priority: TaskPriority;
  status: TaskStatus;
  equipment: EquipmentDto;
  assignee: AssigneeDto | null;
  /** Days before today the task was created, and (when finished) completed. */
  createdDaysAgo: number;
  completedDaysAgo: number | null;
  dueInDays: number | null;
  certifiedBy: AssigneeDto | null;
  faultDescription: string | null;
  repairDetails: string | null;
  spareParts: { name: string; quantity: number; description: string; unitCost: number | null }[];
  labourHours: number | null;
  reportedBy: AssigneeDto | null;
  severity: IssueSeverity | null;
  location: string | null;
  /** The occurrence of a demo PM plan this task is (`demoPlans`). */
  plan?: { occurrence: number };
}

/**
 * Each kind's usual fault, what was found and done, and the parts it took with what one unit cost
 * (in the cedis of the demo's labour rates), as the stores' issue note prices them.
 */
const FAULTS: Record<
  string,
  [string, string, string, { name: string; quantity: number; description: string; unitCost: number }[]]
> = {
  Ventilator: [
    'High pressure alarm during self-test',
    'Expiratory valve sticking; flow sensor readings drift',
    'Replaced expiratory valve membrane and flow sensor; passed self-test',
    [
      { name: 'Expiratory valve membrane', quantity: 1, description: 'Dräger 8412051', unitCost: 850 },
      { name: 'Flow sensor', quantity: 2, description: 'Neonatal and adult', unitCost: 1240 },
    ],
  ],
  Defibrillator: [
    'Fails to charge to 200 J',
    'Battery capacity below 40%',
    'Replaced battery pack; energy delivery verified with analyser',
    [{ name: 'Battery pack', quantity: 1, description: 'Li-ion 14.4 V', unitCost: 2600 }],
  ],
  'Infusion Pump': [
    'Occlusion alarm without occlusion',
    'Pressure sensor out of calibration',
    'Recalibrated downstream pressure sensor; occlusion test passed',
    [{ name: 'Door latch spring', quantity: 1, description: '', unitCost: 45.5 }],
  ],
};
const DEFAULT_FAULT = FAULTS['Infusion Pump'] as NonNullable<(typeof FAULTS)[string]>;

/**
 * A department's worth of work in every state the screens show: faults reported and not yet
 * assigned, jobs assigned and under way, finished work awaiting certification, certified work,
 * a cancelled job, and preventive maintenance. Tasks are placed on devices whose status fits
 * (open repairs on devices out of use, certified work on devices in service), so the inventory
 * and the task list tell the same story.
 */
export function demoTasks(equipment: EquipmentDto[], people: AssigneeDto[]): DemoTask[] {
  const technicians = people.filter((person) => person.role === 'Technician');
  const engineers = people.filter((person) => person.role === 'Engineer' || person.role === 'Admin');
  if (technicians.length === 0 || engineers.length === 0 || equipment.length === 0) return [];
  const out = equipment.filter(
    (item) => item.status === 'Unserviceable' || item.status === 'Under Maintenance',
  );
  const inService = equipment.filter((item) => item.status === 'Serviceable');
  const technician = (i: number) => technicians[i % technicians.length] as AssigneeDto;
  const engineer = (i: number) => engineers[i % engineers.length] as AssigneeDto;
  const tasks: DemoTask[] = [];
  const base = (item: EquipmentDto) => {
    const [title, fault, repair, parts] = FAULTS[item.category] ?? DEFAULT_FAULT;
    return { title, fault, repair, parts };
  };
  const blank = {
    pmType: null,
    pmInterval: null,
    completedDaysAgo: null,
    certifiedBy: null,
    faultDescription: null,
    repairDetails: null,
    spareParts: [],
    labourHours: null,
    reportedBy: null,
    severity: null,
    location: null,
  };
  out.slice(0, 6).forEach((item, i) => {
    const { title, fault, repair, parts } = base(item);
    const stage = i % 3;
    const reporter = technician(i + 1);
    tasks.push({
      ...blank,
      title: `${title}: ${item.name}`,
      description: `${title}. Reported on ${item.location}.`,
      taskType: 'Repair',
      priority: (['Urgent', 'High', 'Medium'] as const)[stage] ?? 'Medium',
      status: stage === 0 ? 'Pending' : stage === 1 ? 'In Progress' : 'Completed',
      equipment: item,
      assignee: stage === 0 ? null : technician(i),
      createdDaysAgo: 2 + i,
      completedDaysAgo: stage === 2 ? 1 : null,
      dueInDays: 3 - i,
      faultDescription: stage === 0 ? `${title}.` : fault,
      repairDetails: stage === 2 ? repair : null,
      // Finished, awaiting certification: the stores have not priced its parts yet.
      spareParts: stage === 2 ? parts.map((part) => ({ ...part, unitCost: null })) : [],
      labourHours: stage === 2 ? 2.5 : null,
      reportedBy: reporter,
      severity: (['Critical', 'High', 'Medium'] as const)[stage] ?? 'Medium',
      location: item.location,
    });
  });
  inService.slice(0, 6).forEach((item, i) => {
    const { title, fault, repair, parts } = base(item);
    tasks.push({
      ...blank,
      title: `${title}: ${item.name}`,
      description: `${title}.`,
      taskType: 'Repair',
      priority: 'High',
      status: 'Completed',
      equipment: item,
      assignee: technician(i),
      createdDaysAgo: 20 + i * 3,
      completedDaysAgo: 15 + i * 3,
      dueInDays: -16 - i * 3,
      certifiedBy: engineer(i),
      faultDescription: fault,
      repairDetails: repair,
      // Certified work, its parts priced: the cost of service counts them.
      spareParts: parts,
      labourHours: 1.5 + i,
    });
  });
  inService.slice(6, 12).forEach((item, i) => {
    tasks.push({
      ...blank,
      title: `${PM_TYPES[i % PM_TYPES.length]}: ${item.name}`,
      description: `Scheduled ${String(PM_TYPES[i % PM_TYPES.length]).toLowerCase()} per the manufacturer's service manual.`,
      taskType: 'Preventive',
      pmType: PM_TYPES[i % PM_TYPES.length] ?? 'Cleaning',
      pmInterval: PM_INTERVALS[(i + 2) % PM_INTERVALS.length] ?? 'Monthly',
      priority: 'Medium',
      status: i === 5 ? 'Cancelled' : 'Pending',
      equipment: item,
      assignee: i % 2 === 0 ? technician(i + 2) : null,
      createdDaysAgo: 5,
      dueInDays: 4 + i * 5,
    });
  });
  inService.slice(12, 14).forEach((item, i) => {
    tasks.push({
      ...blank,
      title: `Inspect after relocation: ${item.name}`,
      description: 'Visual inspection and electrical safety test after the move to the new ward.',
      taskType: i === 0 ? 'Inspect' : 'Calibrate',
      priority: 'Low',
      status: 'Pending',
      equipment: item,
      assignee: technician(i + 3),
      createdDaysAgo: 1,
      dueInDays: 7,
    });
  });
  return tasks;
}
