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

/**
 * The one list of PM intervals, shortest first: every interval a task or a PM plan may carry.
 * Each screen offers the subset the spec shows (the modals' lists above, the schedule page's
 * frequencies below); 'Semi-Annually' on the schedule page is 'Biannually' here.
 */
export const PM_INTERVALS = [
  'Daily',
  'Weekly',
  'Biweekly',
  'Monthly',
  'Quarterly',
  'Biannually',
  'Annually',
  'Every 2 Years',
] as const;
export type PmInterval = (typeof PM_INTERVALS)[number];

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

/** The canonical interval of each frequency the schedule page offers. */
export const INTERVAL_OF_SCHEDULE_FREQUENCY: Record<ScheduleFrequency, PmInterval> = {
  Daily: 'Daily',
  Weekly: 'Weekly',
  Monthly: 'Monthly',
  Quarterly: 'Quarterly',
  'Semi-Annually': 'Biannually',
  Annually: 'Annually',
};

/** Priorities offered by the Schedule Preventive Maintenance page (default Medium). */
export const SCHEDULE_PAGE_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type SchedulePriority = (typeof SCHEDULE_PAGE_PRIORITIES)[number];
export const SCHEDULE_PAGE_DEFAULT_PRIORITY: SchedulePriority = 'Medium';

/** Issue severities (default Medium). */
export const ISSUE_SEVERITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type IssueSeverity = (typeof ISSUE_SEVERITIES)[number];
export const DEFAULT_ISSUE_SEVERITY: IssueSeverity = 'Medium';
