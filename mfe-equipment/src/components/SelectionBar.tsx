import { Button } from '@caliber/ui-kit';
import { useEffect, useRef } from 'react';
import type { Selection } from '../hooks/use-selection';

const selectedLine = (count: number) =>
  count === 0
    ? 'No devices selected'
    : `${count.toLocaleString('en')} ${count === 1 ? 'device' : 'devices'} selected`;

/**
 * Above the cards: 'Select all on this page' (mixed when some of the page is chosen), how many
 * devices are selected across the pages, and the way to clear them or print their labels.
 */
export function SelectionBar({
  pageIds,
  selection,
  onPrint,
}: {
  pageIds: readonly string[];
  selection: Selection;
  onPrint(): void;
}) {
  const box = useRef<HTMLInputElement>(null);
  const onPage = pageIds.filter((id) => selection.ids.has(id)).length;
  const all = pageIds.length > 0 && onPage === pageIds.length;
  const some = onPage > 0 && !all;
  const total = selection.ids.size;

  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);

  return (
    <div className="selection-bar">
      <label className="selection-bar__all">
        <input
          ref={box}
          type="checkbox"
          checked={all}
          onChange={(event) => selection.set(pageIds, event.target.checked)}
        />
        Select all on this page
      </label>
      <span className="selection-bar__count" role="status">
        {selectedLine(total)}
      </span>
      {total > 0 ? (
        <span className="selection-bar__actions">
          <Button variant="link" onClick={onPrint}>
            Print their labels
          </Button>
          <Button variant="link" onClick={selection.clear}>
            Clear selection
          </Button>
        </span>
      ) : null}
    </div>
  );
}
