import type { AuditServiceRow, DomainServiceName } from '@caliber/contracts';
import { mergeAuditPages } from './audit-merge';

const row = (id: string, atUs: string): AuditServiceRow => ({
  id,
  atUs,
  at: new Date(Number(BigInt(atUs) / 1000n)).toISOString(),
  actor: { id: null, label: 'S-1' },
  via: 'gateway',
  entity: 'equipment',
  entityId: id,
  action: 'updated',
  changes: {},
  equipmentId: null,
});
const none = { identity: null, equipment: null, maintenance: null, reports: null, notifications: null };

describe('merging the services’ audit pages', () => {
  it('takes the newest rows of all, breaking ties by service then id, and moves only the services it took from', () => {
    const answers: Record<DomainServiceName, AuditServiceRow[]> = {
      identity: [row('9', '300'), row('8', '100')],
      equipment: [row('50', '300'), row('49', '300'), row('48', '200')],
      maintenance: [row('7', '300')],
      reports: [],
      notifications: [],
    };
    const merged = mergeAuditPages(answers, none, 4);
    expect(merged.rows.map(({ service, row: taken }) => `${service}:${taken.id}`)).toEqual([
      'identity:9',
      'equipment:50',
      'equipment:49',
      'maintenance:7',
    ]);
    expect(merged.positions).toEqual({
      identity: { atUs: '300', id: '9' },
      equipment: { atUs: '300', id: '49' },
      maintenance: { atUs: '300', id: '7' },
      reports: null,
      notifications: null,
    });
    expect(merged.more).toBe(true);
  });

  it('says there is nothing older when every answer was taken whole', () => {
    const answers: Record<DomainServiceName, AuditServiceRow[]> = {
      identity: [row('1', '5')],
      equipment: [],
      maintenance: [],
      reports: [row('2', '4')],
      notifications: [],
    };
    const before = { ...none, equipment: { atUs: '10', id: '3' } };
    const merged = mergeAuditPages(answers, before, 25);
    expect(merged.rows).toHaveLength(2);
    expect(merged.more).toBe(false);
    // A service with nothing left keeps its position.
    expect(merged.positions.equipment).toEqual({ atUs: '10', id: '3' });
  });
});
