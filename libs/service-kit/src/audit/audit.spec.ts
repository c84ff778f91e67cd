import { diffFields, removedFields, sameStoredValue } from './audit';

describe('audit diffs', () => {
  it('see no change in a jsonb value read back with its keys in another order', () => {
    const stored = { weeklyDigest: false, inventory: true, taskUpdates: true };
    const sent = { taskUpdates: true, inventory: true, weeklyDigest: false };
    expect(diffFields({ notifications: stored }, { notifications: sent })).toEqual({});
    expect(sameStoredValue({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
  });

  it('report each changed field with its old and new value', () => {
    const before = { notifications: { taskUpdates: true, inventory: true }, name: 'Ama' };
    const after = { notifications: { inventory: true, taskUpdates: false }, name: 'Ama' };
    expect(diffFields(before, after)).toEqual({
      notifications: { from: before.notifications, to: after.notifications },
    });
    expect(sameStoredValue([1, 2], [2, 1])).toBe(false);
    expect(sameStoredValue(null, undefined)).toBe(true);
    expect(sameStoredValue(new Date('2026-01-01T00:00:00Z'), '2026-01-01T00:00:00.000Z')).toBe(true);
  });
});

describe('removedFields', () => {
  it('records every field as it was, going to null', () => {
    expect(removedFields({ name: 'Monitor', warranty: null, count: 0 })).toEqual({
      name: { from: 'Monitor', to: null },
      warranty: { from: null, to: null },
      count: { from: 0, to: null },
    });
  });
});
