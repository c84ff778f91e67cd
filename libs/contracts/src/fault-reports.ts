import { z } from 'zod';
import { userRefSchema } from './equipment';
import { EXAMPLE_TECHNICIAN, EXAMPLE_WARD_NURSE } from './examples';
import { requiredText, unknownFields } from './form-fields';
import { PAGE_SIZES } from './limits';
import { limitParam, pageFields, pageParam } from './paging';
import { ISSUE_SEVERITIES, TASK_STATUSES, type TaskStatus, type TaskType } from './tasks';

/*
 * A device's open fault reports, and adding to one. When someone reports a fault on a device that
 * already has an open one, Report Issue shows it: the engineers need one task per fault, with every
 * witness's account on it, rather than a second task for the same broken pump (which would also be
 * assigned, worked and certified twice).
 */

/** A task that is still to be worked: not completed, not cancelled. */
export const OPEN_TASK_STATUSES = ['Pending', 'In Progress'] as const satisfies readonly TaskStatus[];

/**
 * A fault report still open: corrective work (a Repair task: what Report Issue files) that is
 * neither completed, cancelled nor certified. Completed work awaiting certification is not open:
 * the fault was dealt with, and a new fault on the device is a new task.
 */
export function isOpenFault(task: { taskType: TaskType; status: TaskStatus; certified: boolean }): boolean {
  return (
    task.taskType === 'Repair' &&
    !task.certified &&
    (OPEN_TASK_STATUSES as readonly TaskStatus[]).includes(task.status)
  );
}

/** Why a report cannot be added to a task, or null when it can. */
export function addToReportRefusal(task: {
  taskType: TaskType;
  status: TaskStatus;
  certified: boolean;
}): string | null {
  if (task.taskType !== 'Repair') return 'Only a fault report (a Repair task) can be added to.';
  if (isOpenFault(task)) return null;
  return `This fault report is closed (${task.certified ? 'Certified' : task.status}): report the fault again as a new issue.`;
}

/** The ward nurse's account, added to the pump's open report. */
export const addedReportExample = {
  _id: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
  taskId: '6d1f8a27-3b4c-4e5d-9f6a-7b8c9d0e1f2a',
  text: 'Same pump, bed 12: the occlusion alarm stayed silent again during the night round.',
  reportedBy: EXAMPLE_WARD_NURSE,
  at: '2026-03-03T02:41:09.117Z',
};

/** One more account of a fault already reported: who, when, and what they saw. */
export const addedReportSchema = z
  .object({
    _id: z.string(),
    taskId: z.string(),
    text: z.string(),
    reportedBy: userRefSchema.nullable(),
    at: z.string(),
  })
  .meta({ id: 'AddedReport', examples: [addedReportExample] });
export type AddedReport = z.output<typeof addedReportSchema>;

/** `POST /tasks/{id}/reports`: the reporter's description, bounded like a new report's. */
export const addToReportSchema = z.strictObject(
  { description: requiredText('Description', 4000) },
  { error: unknownFields('description') },
);
export type AddToReportRequest = z.input<typeof addToReportSchema>;

/** The pump's occlusion alarm, reported by the technician and being repaired. */
const openFaultExample = {
  _id: addedReportExample.taskId,
  title: 'Occlusion alarm does not sound',
  description: 'The downstream occlusion alarm stays silent when the line is clamped.',
  status: 'In Progress',
  severity: 'High',
  createdAt: '2026-03-02T08:12:40.311Z',
  reportedBy: EXAMPLE_TECHNICIAN,
  assignedTo: EXAMPLE_TECHNICIAN,
  addedReports: 1,
} as const;

/** An open fault report of a device, as Report Issue shows it to the next person reporting. */
export const openFaultSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(TASK_STATUSES),
    severity: z.enum(ISSUE_SEVERITIES).nullable(),
    createdAt: z.string(),
    reportedBy: userRefSchema.nullable(),
    assignedTo: userRefSchema.nullable(),
    addedReports: z.number().int().describe('How many people added their account to it.'),
  })
  .meta({ id: 'OpenFault', examples: [openFaultExample] });
export type OpenFault = z.output<typeof openFaultSchema>;

export const openFaultPageSchema = z.object({ faults: z.array(openFaultSchema), ...pageFields }).meta({
  id: 'OpenFaultPage',
  examples: [{ faults: [openFaultExample], total: 1, page: 1, pages: 1, limit: PAGE_SIZES.openFaults }],
});
export type OpenFaultPage = z.output<typeof openFaultPageSchema>;

export const MAX_OPEN_FAULTS_PAGE_SIZE = 20;
export const openFaultsQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PAGE_SIZES.openFaults, MAX_OPEN_FAULTS_PAGE_SIZE),
});
export type OpenFaultsQuery = z.output<typeof openFaultsQuerySchema>;
