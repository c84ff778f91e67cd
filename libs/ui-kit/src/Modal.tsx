import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * How wide a dialog may grow on a wide screen: small 420px (a question to confirm), medium 560px
 * (the default: a short form), large 760px (a long form or a record's details), wide 960px (a
 * table). On a phone every size takes the screen's width less a margin.
 */
export type ModalSize = 'small' | 'medium' | 'large' | 'wide';

export interface ModalProps {
  title: ReactNode;
  open: boolean;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
}

/**
 * An accessible dialog: focus moves in and stays in (Tab wraps), Escape and the backdrop close it,
 * and focus returns to what had it before. The title and the footer stay in place while the body
 * scrolls, so a long form's buttons and message are always in reach.
 */
export function Modal({ title, open, onClose, children, footer, size = 'medium' }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = dialog.current;
    const first = node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const focusable = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) return;
      const head = focusable[0];
      const tail = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail?.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      className="ck-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        className={`ck-modal ck-modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialog}
        tabIndex={-1}
      >
        <div className="ck-modal__header">
          <h2 className="ck-modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="ck-button ck-button--ghost" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="ck-modal__body">{children}</div>
        {footer ? <div className="ck-modal__footer">{footer}</div> : null}
      </div>
    </div>
  );
}

/**
 * A form dialog's footer: Cancel, then the button that submits the form (by its id, since the
 * footer sits outside the form), busy while it is sent; Cancel waits for the answer meanwhile.
 */
export function ModalFormButtons({
  form,
  submitLabel,
  busyLabel,
  busy,
  onCancel,
}: {
  form: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onCancel(): void;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={form} busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </>
  );
}
