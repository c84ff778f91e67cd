/**
 * The card's "Recall" badge: the device has recall actions still open. Outlined in the danger
 * colour like a risk flag, with its own class so tests and screen readers find it as one thing.
 */
export function RecallBadge({ open }: { open: number }) {
  // Not `open <= 0`: an equipment service older than recalls sends no count, and no badge then.
  if (!(open > 0)) return null;
  return (
    <span className="recall-badge" title="A recall or field safety notice affects this device">
      Recall{open > 1 ? ` (${open})` : ''}
      <span className="visually-hidden">
        {open === 1 ? ': one recall action open' : `: ${open} recall actions open`}
      </span>
    </span>
  );
}
