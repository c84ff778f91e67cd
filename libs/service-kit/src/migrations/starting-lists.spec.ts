import { createHash } from 'node:crypto';
import {
  STARTING_CATEGORIES,
  STARTING_DEPARTMENT_FORMER_NAMES,
  STARTING_DEPARTMENTS,
} from './starting-lists';

describe('the starting hospital lists', () => {
  it('stay as the migrations that already ran read them (a new starting value needs a new migration)', () => {
    const content = JSON.stringify([
      STARTING_DEPARTMENTS,
      STARTING_DEPARTMENT_FORMER_NAMES,
      STARTING_CATEGORIES,
    ]);
    expect(createHash('sha256').update(content).digest('hex').slice(0, 16)).toBe('33d1007bd6b20b03');
  });

  it('give each place one name, and no former name that is another place', () => {
    const names = new Set(STARTING_DEPARTMENTS.map((name) => name.toLowerCase()));
    expect(names.size).toBe(STARTING_DEPARTMENTS.length);
    for (const [current, olds] of Object.entries(STARTING_DEPARTMENT_FORMER_NAMES)) {
      expect(STARTING_DEPARTMENTS).toContain(current);
      for (const old of olds) expect(names.has(old.toLowerCase())).toBe(false);
    }
    expect(STARTING_CATEGORIES).toContain('Other');
  });
});
