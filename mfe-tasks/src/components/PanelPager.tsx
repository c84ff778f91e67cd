import { Button } from '@caliber/ui-kit';
import { pageLine } from '../utils/maintenance-query';

/** Prev / 'Page x of y' / Next under a Maintenance panel. */
export function PanelPager({
  page,
  pages,
  label,
  onPage,
}: {
  page: number;
  pages: number;
  /** Names the pager among the page's landmarks ('Maintenance history pages'). */
  label: string;
  onPage(page: number): void;
}) {
  return (
    <nav className="maintenance-pager" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </Button>
      <span className="maintenance-pager__line" aria-live="polite">
        {pageLine(page, pages)}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
