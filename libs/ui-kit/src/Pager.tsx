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
      <button
        type="button"
        className="ck-button ck-button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Prev
      </button>
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
      <button
        type="button"
        className="ck-button ck-button--secondary"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
