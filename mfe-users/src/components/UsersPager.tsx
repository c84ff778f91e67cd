import { Button } from '@caliber/ui-kit';
import { pageLine } from '../utils/user-list-query';

/** The footer's Prev / 'Page x / y' / Next. */
export function UsersPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  return (
    <nav className="users-pager" aria-label="User pages">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </Button>
      <span className="users-pager__line" aria-live="polite">
        {pageLine(page, pages)}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
