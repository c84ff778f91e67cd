import type { ReactNode } from 'react';
import { pagerWindow } from './pager-window';

export interface PagerProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
  /** How many page numbers around the current one (the equipment pager uses 5). */
  window?: number;
  label?: string;
}

export function Pager({ page, totalPages, onPage, window: size = 5, label = 'Pages' }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="ck-pager" aria-label={label}>
      <StepButton disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </StepButton>
      {pagerWindow(page, totalPages, size).map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className="ck-pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            className="ck-button ck-button--secondary ck-pager__page"
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={`Page ${item.page}`}
            onClick={() => onPage(item.page)}
          >
            {item.page}
          </button>
        ),
      )}
      <StepButton disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </StepButton>
    </nav>
  );
}

export interface StepPagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** What the pager says between its buttons ('Page 2 / 5'): each list keeps its own words. */
  line: string;
  /** Names the pager among the page's landmarks ('User pages'). */
  label: string;
  /** 'spread' puts the buttons at the ends (under a panel); centred by default. */
  align?: 'center' | 'spread';
}

/**
 * Prev / a line / Next, for a list that steps page by page (a panel, a short roster) rather than
 * jumping to a numbered page. The line is announced when it changes.
 */
export function StepPager({ page, pages, onPage, line, label, align = 'center' }: StepPagerProps) {
  return (
    <nav className={`ck-step-pager ck-step-pager--${align}`} aria-label={label}>
      <StepButton disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </StepButton>
      <span className="ck-step-pager__line" aria-live="polite">
        {line}
      </span>
      <StepButton disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </StepButton>
    </nav>
  );
}

/** Prev or Next: both pagers' step buttons. */
function StepButton({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="ck-button ck-button--secondary" disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
