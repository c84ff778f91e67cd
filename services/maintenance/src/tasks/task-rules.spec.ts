import type { Actor, TaskFacts, TaskStatus } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { completionAfter, TaskRules } from './task-rules';

const person = (role: string, id = `${role}-id`): Actor => ({
  _id: id,
  name: role,
  role,
  serviceNumber: 'BME-1',
  via: 'gateway',
});
const technician = person('Technician');
const engineer = person('Engineer');
const manager = person('Manager');
const task = (facts: Partial<TaskFacts> = {}): TaskFacts => ({
  status: 'Pending',
  assignedToId: technician._id,
  certified: false,
  needsCertification: false,
  ...facts,
});

function refusal(run: () => void): { code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ServiceError) return { code: error.code, message: error.message };
    throw error;
  }
}

describe('task rules', () => {
  it('let Technicians see the tasks assigned to them and those they reported; Managers, Engineers and Admins see all', () => {
    const seen = (assignedToId: string | null, reportedById: string | null = null) =>
      TaskRules.canSee(technician, { assignedToId, reportedById });
    expect(seen(technician._id)).toBe(true);
    expect(seen('someone')).toBe(false);
    expect(seen(null)).toBe(false);
    expect(seen(null, technician._id)).toBe(true);
    expect(seen('someone', technician._id)).toBe(true);
    expect(seen('someone', 'someone else')).toBe(false);
    for (const role of ['Manager', 'Engineer', 'admin'])
      expect(TaskRules.canSee(person(role), { assignedToId: 'someone', reportedById: null })).toBe(true);
  });

  it("leave a reporter's view of a task assigned to someone else read-only", () => {
    const reported = task({ assignedToId: 'someone' });
    expect(refusal(() => TaskRules.refuseStatusChange(technician, reported, 'In Progress'))).toEqual({
      code: 'FORBIDDEN',
      message: 'You can change the status of tasks assigned to you only.',
    });
    expect(refusal(() => TaskRules.refuseWork(technician, reported))).toEqual({
      code: 'FORBIDDEN',
      message: 'You can record work on tasks assigned to you only.',
    });
  });

  it('let a Technician move their own task between Pending, In Progress and Completed only', () => {
    for (const to of ['In Progress', 'Completed', 'Pending'] as TaskStatus[])
      expect(refusal(() => TaskRules.refuseStatusChange(technician, task(), to))).toBeNull();
    expect(
      refusal(() => TaskRules.refuseStatusChange(technician, task({ assignedToId: 'x' }), 'Completed')),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'You can change the status of tasks assigned to you only.',
    });
    expect(refusal(() => TaskRules.refuseStatusChange(technician, task(), 'Cancelled'))?.message).toBe(
      'Only Engineers and Admins cancel tasks.',
    );
    expect(
      refusal(() => TaskRules.refuseStatusChange(technician, task({ status: 'Cancelled' }), 'Pending'))
        ?.message,
    ).toBe('Only Engineers and Admins reopen cancelled tasks.');
  });

  it('let Engineers change any status, refuse Managers, and keep certified tasks final', () => {
    expect(
      refusal(() => TaskRules.refuseStatusChange(engineer, task({ assignedToId: 'x' }), 'Cancelled')),
    ).toBeNull();
    expect(refusal(() => TaskRules.refuseStatusChange(manager, task(), 'Completed'))?.code).toBe('FORBIDDEN');
    const certified = task({ status: 'Completed', certified: true });
    expect(refusal(() => TaskRules.refuseStatusChange(engineer, certified, 'In Progress'))).toEqual({
      code: 'CONFLICT',
      message: 'This task is certified; its record is final.',
    });
  });

  it('start or complete only an assigned task', () => {
    expect(
      refusal(() => TaskRules.refuseStatusChange(engineer, task({ assignedToId: null }), 'In Progress'))
        ?.message,
    ).toBe('Assign the task before starting or completing it.');
    expect(
      refusal(() => TaskRules.refuseStatusChange(engineer, task({ assignedToId: null }), 'Cancelled')),
    ).toBeNull();
  });

  it('let work be recorded on own uncertified, uncancelled tasks, or by Engineers on any', () => {
    expect(refusal(() => TaskRules.refuseWork(technician, task()))).toBeNull();
    expect(refusal(() => TaskRules.refuseWork(technician, task({ assignedToId: 'x' })))?.code).toBe(
      'FORBIDDEN',
    );
    expect(refusal(() => TaskRules.refuseWork(engineer, task({ assignedToId: 'x' })))).toBeNull();
    expect(refusal(() => TaskRules.refuseWork(manager, task()))?.code).toBe('FORBIDDEN');
    expect(
      refusal(() => TaskRules.refuseWork(engineer, task({ status: 'Completed', certified: true })))?.code,
    ).toBe('CONFLICT');
    expect(refusal(() => TaskRules.refuseWork(technician, task({ status: 'Cancelled' })))?.code).toBe(
      'CONFLICT',
    );
  });

  it('certify once, only a completed task that needs it, only as Engineer or Admin', () => {
    const awaiting = task({ status: 'Completed', needsCertification: true });
    expect(refusal(() => TaskRules.refuseCertify(engineer, awaiting))).toBeNull();
    expect(refusal(() => TaskRules.refuseCertify(person('Admin'), awaiting))).toBeNull();
    expect(refusal(() => TaskRules.refuseCertify(technician, awaiting))?.code).toBe('FORBIDDEN');
    expect(refusal(() => TaskRules.refuseCertify(manager, awaiting))?.code).toBe('FORBIDDEN');
    expect(refusal(() => TaskRules.refuseCertify(engineer, task({ status: 'In Progress' })))?.message).toBe(
      'Only a completed task can be certified.',
    );
    expect(
      refusal(() => TaskRules.refuseCertify(engineer, task({ status: 'Completed', certified: true })))
        ?.message,
    ).toBe('This task is already certified.');
  });

  it('create only as Engineer or Admin, pointing others to Report Issue', () => {
    expect(refusal(() => TaskRules.refuseCreate(engineer))).toBeNull();
    expect(refusal(() => TaskRules.refuseCreate(technician))?.message).toMatch(/use Report Issue/);
  });

  it('set completion on completing and clear it on reopening', () => {
    const open = { completedDate: null, needsCertification: false };
    expect(completionAfter('In Progress', 'Completed', open)).toEqual({
      completedDate: 'now',
      needsCertification: true,
    });
    const done = { completedDate: new Date('2026-01-01'), needsCertification: true };
    expect(completionAfter('Completed', 'In Progress', done)).toEqual({
      completedDate: null,
      needsCertification: false,
    });
    expect(completionAfter('Completed', 'Completed', done)).toBe(done);
  });
});
