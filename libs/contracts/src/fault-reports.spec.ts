import {
  addToReportRefusal,
  addToReportSchema,
  isOpenFault,
  openFaultsQuerySchema,
  OPEN_TASK_STATUSES,
} from './fault-reports';
import { canSeeTask, isReportOnly } from './task-rules';
import { TASK_STATUSES, TASK_TYPES } from './tasks';

const repair = (status: (typeof TASK_STATUSES)[number], certified = false) => ({
  taskType: 'Repair' as const,
  status,
  certified,
});

describe('open fault reports', () => {
  it('are Repair tasks still to be worked: Pending or In Progress, not certified', () => {
    expect(OPEN_TASK_STATUSES).toEqual(['Pending', 'In Progress']);
    expect(TASK_STATUSES.filter((status) => isOpenFault(repair(status)))).toEqual(['Pending', 'In Progress']);
    expect(isOpenFault(repair('Completed'))).toBe(false);
    expect(isOpenFault(repair('Cancelled'))).toBe(false);
    // A certified task is final, whatever its status says.
    expect(isOpenFault(repair('Pending', true))).toBe(false);
    for (const taskType of TASK_TYPES.filter((type) => type !== 'Repair'))
      expect(isOpenFault({ taskType, status: 'Pending', certified: false })).toBe(false);
  });

  it('take another account while open, and refuse it once closed or for other work, saying why', () => {
    expect(addToReportRefusal(repair('Pending'))).toBeNull();
    expect(addToReportRefusal(repair('In Progress'))).toBeNull();
    expect(addToReportRefusal(repair('Completed'))).toBe(
      'This fault report is closed (Completed): report the fault again as a new issue.',
    );
    expect(addToReportRefusal(repair('Cancelled'))).toMatch(/closed \(Cancelled\)/);
    expect(addToReportRefusal(repair('Completed', true))).toMatch(/closed \(Certified\)/);
    expect(addToReportRefusal({ taskType: 'Preventive', status: 'Pending', certified: false })).toBe(
      'Only a fault report (a Repair task) can be added to.',
    );
  });

  it('read the added account like a new report: required, trimmed, at most 4000 characters, nothing else', () => {
    expect(addToReportSchema.parse({ description: '  Alarm silent again  ' })).toEqual({
      description: 'Alarm silent again',
    });
    const message = (body: unknown) => addToReportSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ description: '   ' })).toBe('Description is required.');
    expect(message({})).toBe('Description must be text.');
    expect(message({ description: 'x'.repeat(4001) })).toBe('Description must have at most 4000 characters.');
    expect(message({ description: 'ok', taskId: 'x' })).toBe('Only description may be sent.');
  });

  it('are asked for 3 at a time by default, never more than 20', () => {
    expect(openFaultsQuerySchema.parse({})).toEqual({ page: 1, limit: 3 });
    expect(openFaultsQuerySchema.safeParse({ limit: '21' }).success).toBe(false);
  });

  it('let whoever added their account follow the task as its reporter does, read-only', () => {
    const technician = { _id: 'tech', role: 'Technician' };
    const task = { assignedToId: 'someone', reportedById: 'reporter' };
    expect(canSeeTask(technician, task)).toBe(false);
    expect(canSeeTask(technician, task, true)).toBe(true);
    expect(isReportOnly(technician, task)).toBe(false);
    expect(isReportOnly(technician, task, true)).toBe(true);
    // Their own assignment stays theirs to work, and Engineers see every task in full.
    expect(isReportOnly(technician, { ...task, assignedToId: 'tech' }, true)).toBe(false);
    expect(isReportOnly({ _id: 'eng', role: 'Engineer' }, task, true)).toBe(false);
  });
});
