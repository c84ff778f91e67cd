import { labourRoleAfter } from './task-labour';

describe('whose rate a task’s hours are priced at', () => {
  const technician = { _id: 't1', role: 'Technician' };
  const engineer = { _id: 'e1', role: 'engineer' };

  it('is the assignee’s role when the assignee records them', () => {
    expect(labourRoleAfter(technician, { assignedToId: 't1', labourRole: null }, 2)).toBe('Technician');
    expect(labourRoleAfter(technician, { assignedToId: 't1', labourRole: 'Admin' }, 2)).toBe('Technician');
  });

  it('stays when someone else corrects hours already priced, and is theirs for hours nobody priced', () => {
    expect(labourRoleAfter(engineer, { assignedToId: 't1', labourRole: 'Technician' }, 2.5)).toBe(
      'Technician',
    );
    expect(labourRoleAfter(engineer, { assignedToId: 't1', labourRole: null }, 2.5)).toBe('Engineer');
    expect(labourRoleAfter(engineer, { assignedToId: null, labourRole: null }, 1)).toBe('Engineer');
  });

  it('is none without hours', () => {
    expect(labourRoleAfter(technician, { assignedToId: 't1', labourRole: 'Technician' }, null)).toBeNull();
  });
});
