import type { NotificationDto, NotificationPage } from '@caliber/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** The bell's cached list: the pages loaded so far, newest first, page 1 at the front. */
export type NotificationPages = InfiniteData<NotificationPage>;

/** The person's unread count as last heard (every page carries it; page 1 is the newest answer). */
export function unreadOf(data: NotificationPages | undefined): number | null {
  return data?.pages[0]?.unread ?? null;
}

/**
 * The notifications loaded so far, each once. Pages are read by position while new ones arrive at
 * the front, so a page loaded after an arrival repeats the rows that slid onto it from the page
 * before: the first copy (the newer read) is kept.
 */
export function rowsOf(data: NotificationPages | undefined): NotificationDto[] {
  const seen = new Set<string>();
  const rows: NotificationDto[] = [];
  for (const page of data?.pages ?? [])
    for (const row of page.rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  return rows;
}

function mapPages(
  data: NotificationPages,
  change: (page: NotificationPage, index: number) => NotificationPage,
): NotificationPages {
  return { ...data, pages: data.pages.map(change) };
}

/** The count a server answer or a live event says, on every page. */
export function withUnread(data: NotificationPages, unread: number): NotificationPages {
  return mapPages(data, (page) => ({ ...page, unread }));
}

/** A notification that just arrived, at the top of the list, with the count it came with. */
export function withArrival(
  data: NotificationPages,
  notification: NotificationDto,
  unread: number,
): NotificationPages {
  if (data.pages.some((page) => page.rows.some((row) => row.id === notification.id)))
    return withUnread(data, unread);
  return mapPages(data, (page, index) => ({
    ...page,
    unread,
    total: page.total + 1,
    rows: index === 0 ? [notification, ...page.rows] : page.rows,
  }));
}

/** One notification read at `readAt` (unless it was already), and the count the server answered. */
export function withRead(
  data: NotificationPages,
  id: string,
  readAt: string,
  unread: number,
): NotificationPages {
  return mapPages(data, (page) => ({
    ...page,
    unread,
    rows: page.rows.map((row) => (row.id === id && !row.readAt ? { ...row, readAt } : row)),
  }));
}

/** Every notification loaded read at `readAt` (those read before keep their time). */
export function withAllRead(data: NotificationPages, readAt: string, unread: number): NotificationPages {
  return mapPages(data, (page) => ({
    ...page,
    unread,
    rows: page.rows.map((row) => (row.readAt ? row : { ...row, readAt })),
  }));
}
