import type { PmCoverageChange } from '@caliber/contracts';
import { newestCoverage } from './pm-coverage.replica';

const device = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const change = (equipmentId: string, seq: number, activePlans: number): PmCoverageChange => ({
  equipmentId,
  seq: String(seq),
  activePlans,
});

describe('the coverage changes a page applies', () => {
  it('keep the newest count of each device (a page can name one twice)', () => {
    const page = [change(device(1), 1, 1), change(device(2), 2, 3), change(device(1), 3, 0)];
    expect(newestCoverage(page)).toEqual(
      new Map([
        [device(1), 0],
        [device(2), 3],
      ]),
    );
  });

  it('skip malformed rows, so one bad row cannot stop the feed for ever', () => {
    const page = [
      change('not-a-device', 1, 1),
      change(device(3), 2, -1),
      change(device(4), 3, 1.5),
      change(device(5), 4, 2),
    ];
    expect(newestCoverage(page)).toEqual(new Map([[device(5), 2]]));
  });
});
