import type { NotificationDto, NotificationPage } from '@caliber/contracts';
import {
  rowsOf,
  unreadOf,
  withAllRead,
  withArrival,
  withRead,
  type NotificationPages,
} from './notification-cache';

function row(id: string, readAt: string | null = null): NotificationDto {
  return {
    id,
    kind: 'device-status-changed',
    topic: 'inventory',
    title: id,
    body: 'ICU Monitor is out of service.',
    link: '/equipment/dev-1',
    urgent: false,
    createdAt: '2026-11-29T08:00:00.000Z',
    readAt,
  };
}

function pages(...rows: NotificationDto[][]): NotificationPages {
  const total = rows.flat().length;
  const page = (list: NotificationDto[], index: number): NotificationPage => ({
    rows: list,
    unread: 2,
    total,
    page: index + 1,
    pages: rows.length,
    limit: 2,
  });
  return { pages: rows.map(page), pageParams: rows.map((_, index) => index + 1) };
}

describe("the bell's cached list", () => {
  it('lists each notification once when a later page repeats rows that slid onto it', () => {
    // n0 arrived between the two reads: page 2 starts with n2 again.
    const data = pages([row('n0'), row('n1'), row('n2')], [row('n2'), row('n3')]);
    expect(rowsOf(data).map((notification) => notification.id)).toEqual(['n0', 'n1', 'n2', 'n3']);
  });

  it('puts an arrival on top with its count, once however often it is heard', () => {
    const data = withArrival(pages([row('n1'), row('n2')], [row('n3')]), row('n9'), 3);
    expect(rowsOf(data).map((notification) => notification.id)).toEqual(['n9', 'n1', 'n2', 'n3']);
    expect(data.pages.map((page) => page.unread)).toEqual([3, 3]);
    expect(rowsOf(withArrival(data, row('n9'), 3))).toHaveLength(4);
  });

  it('marks one read, keeping the time of one read before', () => {
    const data = pages([row('n1'), row('n2', '2026-11-28T09:00:00.000Z')]);
    const read = withRead(data, 'n1', '2026-11-29T10:00:00.000Z', 0);
    expect(rowsOf(read).map((notification) => notification.readAt)).toEqual([
      '2026-11-29T10:00:00.000Z',
      '2026-11-28T09:00:00.000Z',
    ]);
    expect(rowsOf(withRead(read, 'n2', '2026-11-29T11:00:00.000Z', 0))[1]?.readAt).toBe(
      '2026-11-28T09:00:00.000Z',
    );
    expect(unreadOf(read)).toBe(0);
  });

  it('marks every loaded one read', () => {
    const data = withAllRead(pages([row('n1')], [row('n2')]), '2026-11-29T10:00:00.000Z', 0);
    expect(rowsOf(data).every((notification) => notification.readAt === '2026-11-29T10:00:00.000Z')).toBe(
      true,
    );
    expect(unreadOf(data)).toBe(0);
    expect(unreadOf(undefined)).toBeNull();
  });
});
