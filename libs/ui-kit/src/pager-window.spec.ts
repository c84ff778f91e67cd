import { pagerWindow } from './pager-window';

const shown = (current: number, total: number) =>
  pagerWindow(current, total, 5).map((item) => (item.kind === 'gap' ? '…' : item.page));

describe('pagerWindow', () => {
  it('shows every page when they fit in the window', () => {
    expect(shown(1, 1)).toEqual([1]);
    expect(shown(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first and last with an ellipsis where pages are skipped', () => {
    expect(shown(1, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(shown(10, 20)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
    expect(shown(20, 20)).toEqual([1, '…', 16, 17, 18, 19, 20]);
  });

  it('shows no ellipsis for a single skipped neighbour of first or last', () => {
    expect(shown(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shown(5, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('clamps a page outside the range and shows nothing without pages', () => {
    expect(shown(99, 3)).toEqual([1, 2, 3]);
    expect(shown(1, 0)).toEqual([]);
  });
});
