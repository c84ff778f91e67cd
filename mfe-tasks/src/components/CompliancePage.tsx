import type { ReactNode } from 'react';
import { Pager } from '@caliber/ui-kit';
import { showingLine } from '../utils/count-line';

/** What a page of either compliance list answers, as far as paging it goes. */
interface ListPage {
  page: number;
  pages: number;
  limit: number;
  total: number;
  items: readonly unknown[];
}

/**
 * A page of a compliance list in its dialog: the "Showing a-b of n total" line when there is more
 * than one page, the items (dimmed and busy while the next page loads), and the pager.
 */
export function CompliancePage({
  answer,
  loading,
  pagerLabel,
  onPage,
  children,
}: {
  answer: ListPage;
  /** The page shown is the previous one while the asked one loads. */
  loading: boolean;
  pagerLabel: string;
  onPage(page: number): void;
  children: ReactNode;
}) {
  return (
    <>
      {answer.pages > 1 ? (
        <p className="muted maintenance-dialog__count" aria-live="polite">
          {showingLine(answer.page, answer.limit, answer.items.length, answer.total)}
        </p>
      ) : null}
      <ul
        className={`maintenance-list${loading ? ' maintenance-list--stale' : ''}`}
        aria-busy={loading || undefined}
      >
        {children}
      </ul>
      <Pager page={answer.page} totalPages={answer.pages} label={pagerLabel} onPage={onPage} />
    </>
  );
}
