import type { ComboboxTexts } from '@caliber/ui-widgets';
import { errorMessage } from '@caliber/web';

/** The popover texts of a picker searching `what` ("vendors", "devices"). */
export function pickerTexts(what: string, fallback: string): ComboboxTexts {
  return {
    searching: 'Searching…',
    empty: (query) => (query ? `No ${what} match "${query}".` : `No ${what} to offer.`),
    failed: (error) => errorMessage(error, fallback),
    more: (shown, total) => `Showing ${shown} of ${total}. Type to narrow the list.`,
    found: (count) => `${count} found.`,
    toggle: (open) => (open ? `Hide the ${what}` : `Show the ${what}`),
  };
}
