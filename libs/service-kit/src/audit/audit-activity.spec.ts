import { activityFeedPage, type AuditActivityRow } from './audit-activity';

function row(seq: number, entity: string, within = true): AuditActivityRow {
  return {
    seq: String(seq),
    at: new Date('2026-11-29T08:00:00.000Z'),
    entity,
    entity_id: `id-${seq}`,
    action: 'updated',
    changes: within ? { status: { from: 'Pending', to: 'In Progress' } } : null,
    actor_id: null,
    actor_label: 'system',
    within,
  };
}

const carryTasks = (scanned: AuditActivityRow) => (scanned.entity === 'task' ? {} : null);

describe('activityFeedPage', () => {
  it('carries the rows of followed entities, and moves `last` past the others', () => {
    const page = activityFeedPage([row(5, 'task'), row(6, 'pm-plan'), row(7, 'pm-plan')], 3, '4', carryTasks);
    expect(page.changes.map((change) => change.seq)).toEqual(['5']);
    expect(page.changes[0]).toEqual({
      seq: '5',
      at: '2026-11-29T08:00:00.000Z',
      entity: 'task',
      entityId: 'id-5',
      action: 'updated',
      changes: { status: { from: 'Pending', to: 'In Progress' } },
      actorId: null,
      actorLabel: 'system',
    });
    expect(page).toMatchObject({ last: '7', more: false });
  });

  it('says more follow when the extra row was read, and stops at `limit`', () => {
    const page = activityFeedPage([row(5, 'task'), row(6, 'task'), row(7, 'task')], 2, '4', carryTasks);
    expect(page.changes.map((change) => change.seq)).toEqual(['5', '6']);
    expect(page).toMatchObject({ last: '6', more: true });
  });

  it('ends the page at the first row past the byte budget', () => {
    const page = activityFeedPage([row(5, 'task'), row(6, 'task', false)], 5, '4', carryTasks);
    expect(page).toMatchObject({ last: '5', more: true });
  });

  it('answers an empty page at the position asked when nothing follows', () => {
    expect(activityFeedPage([], 500, '42', carryTasks)).toEqual({ changes: [], last: '42', more: false });
  });

  it('adds what the snapshot carries', () => {
    const device = { id: 'd', name: 'Pump', serialNumber: 'S1', department: 'ICU', status: 'Serviceable' };
    const page = activityFeedPage([row(5, 'equipment')], 5, '4', () => ({ device }));
    expect(page.changes[0]?.device).toEqual(device);
  });
});
