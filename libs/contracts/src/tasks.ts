/** Task statuses; a new task is Pending. */
export const TASK_STATUSES = ['Pending', 'In Progress', 'Completed', 'Cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const DEFAULT_TASK_STATUS: TaskStatus = 'Pending';

export const TASK_TYPES = ['Repair', 'Install', 'Inspect', 'Assess', 'Calibrate', 'Preventive'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** Default priority on the Assign Task modal. */
export const ASSIGN_MODAL_DEFAULT_PRIORITY: TaskPriority = 'Low';
/** Default priority on the Create Task form. */
export const CREATE_TASK_DEFAULT_PRIORITY: TaskPriority = 'Medium';

export const PM_TYPES = [
  'Cleaning',
  'Lubrication',
  'Adjustment',
  'Calibrations',
  'Safety Testing',
  'Filter Replacement',
] as const;
export type PmType = (typeof PM_TYPES)[number];

/** Intervals offered by the Maintenance page's schedule modal (default Monthly). */
export const MAINTENANCE_MODAL_INTERVALS = [
  'Weekly',
  'Biweekly',
  'Monthly',
  'Quarterly',
  'Biannually',
  'Annually',
  'Every 2 Years',
] as const;
export type MaintenanceModalInterval = (typeof MAINTENANCE_MODAL_INTERVALS)[number];
export const MAINTENANCE_MODAL_DEFAULT_INTERVAL: MaintenanceModalInterval = 'Monthly';

/** Intervals offered by the Assign Task modal. */
export const ASSIGN_MODAL_INTERVALS = ['Weekly', 'Monthly', 'Quarterly', 'Biannually', 'Annually'] as const;
export type AssignModalInterval = (typeof ASSIGN_MODAL_INTERVALS)[number];

/** Every interval a task may carry: the union of the two modal lists. */
export const PM_INTERVALS = MAINTENANCE_MODAL_INTERVALS;
export type PmInterval = MaintenanceModalInterval;

/** Frequencies offered by the Schedule Preventive Maintenance page. */
export const SCHEDULE_PAGE_FREQUENCIES = [
  'Daily',
  'Weekly',
  'Monthly',
  'Quarterly',
  'Semi-Annually',
  'Annually',
] as const;
export type ScheduleFrequency = (typeof SCHEDULE_PAGE_FREQUENCIES)[number];

/** Priorities offered by the Schedule Preventive Maintenance page (default Medium). */
export const SCHEDULE_PAGE_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type SchedulePriority = (typeof SCHEDULE_PAGE_PRIORITIES)[number];
export const SCHEDULE_PAGE_DEFAULT_PRIORITY: SchedulePriority = 'Medium';

/** Issue severities (default Medium). */
export const ISSUE_SEVERITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type IssueSeverity = (typeof ISSUE_SEVERITIES)[number];
export const DEFAULT_ISSUE_SEVERITY: IssueSeverity = 'Medium';
