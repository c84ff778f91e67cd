import {
  ASSIGN_REQUIRED_MESSAGE,
  assignBody,
  CREATE_REQUIRED_MESSAGE,
  EMPTY_ASSIGN_DRAFT,
  EMPTY_CREATE_DRAFT,
  judgeAssignDraft,
  judgeCreateDraft,
  PREVENTIVE_MESSAGE,
} from './create-task-form';

const device = { _id: '0b5f4c1e-0000-4000-8000-000000000001', name: 'Evita V500', serialNumber: 'EV-1' };

describe('Create Task form rules', () => {
  it('an empty form names the missing fields above and only marks them', () => {
    const verdict = judgeCreateDraft(EMPTY_CREATE_DRAFT);
    expect(verdict?.message).toBe(CREATE_REQUIRED_MESSAGE);
    expect(verdict?.fields.get('title')).toBe(' ');
    expect(verdict?.fields.get('description')).toBe(' ');
    expect(verdict?.fields.get('equipment')).toBe(' ');
  });

  it('asks for a description though the contract does not', () => {
    const verdict = judgeCreateDraft({ ...EMPTY_CREATE_DRAFT, title: 'Fix', equipment: device });
    expect([...(verdict?.fields.keys() ?? [])]).toEqual(['description']);
    expect(
      judgeCreateDraft({ ...EMPTY_CREATE_DRAFT, title: 'Fix', description: 'Alarm', equipment: device }),
    ).toBe(null);
  });

  it('starting work needs an assignee: the contract says so under Status', () => {
    const verdict = judgeCreateDraft({
      ...EMPTY_CREATE_DRAFT,
      title: 'Fix',
      description: 'Alarm',
      equipment: device,
      status: 'In Progress',
    });
    expect(verdict?.fields.get('status')).toBe('Assign the task before starting it.');
    expect(verdict?.message).toBe('Assign the task before starting it.');
  });
});

describe('Assign Task form rules', () => {
  it('names the missing fields, then the PM type and interval of preventive work', () => {
    expect(judgeAssignDraft(EMPTY_ASSIGN_DRAFT)?.message).toBe(ASSIGN_REQUIRED_MESSAGE);
    const preventive = {
      ...EMPTY_ASSIGN_DRAFT,
      title: 'PM',
      taskType: 'Preventive',
      equipment: device,
      dueDate: '2031-03-31',
    };
    const verdict = judgeAssignDraft(preventive);
    expect(verdict?.message).toBe(PREVENTIVE_MESSAGE);
    expect([...(verdict?.fields ?? [])]).toEqual([
      ['pmType', ' '],
      ['pmInterval', ' '],
    ]);
    const complete = { ...preventive, pmType: 'Cleaning' as const, pmInterval: 'Quarterly' };
    expect(judgeAssignDraft(complete)).toBe(null);
    expect(assignBody(complete)).toMatchObject({ equipmentId: device._id, pmInterval: 'Quarterly' });
  });
});
