import type { InventoryExportFormat } from '@caliber/contracts';
import { Button } from '@caliber/ui-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { EXPORT_CHOICES } from '../utils/inventory-files';

const focusToggle = (root: HTMLElement | null) =>
  root?.querySelector<HTMLButtonElement>('.export-menu__toggle')?.focus();

/**
 * 'Export': a button that opens the two formats (the disclosure pattern: each format is a plain
 * button, reached with Tab). Escape or a click elsewhere closes it, and focus returns to Export.
 */
export function ExportMenu({
  onExport,
  busy,
}: {
  onExport(format: InventoryExportFormat): void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      focusToggle(root.current);
    };
    const onFocus = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return (
    <div className="export-menu" ref={root}>
      <Button
        className="export-menu__toggle"
        variant="secondary"
        aria-expanded={open}
        aria-controls={popupId}
        busy={busy}
        busyLabel="Exporting..."
        onClick={() => setOpen(!open)}
      >
        Export <span aria-hidden="true">▾</span>
      </Button>
      <div id={popupId} className="export-menu__popup" hidden={!open} role="group" aria-label="Export as">
        {EXPORT_CHOICES.map((choice) => (
          <button
            key={choice.format}
            type="button"
            className="export-menu__item"
            onClick={() => {
              setOpen(false);
              focusToggle(root.current);
              onExport(choice.format);
            }}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </div>
  );
}
