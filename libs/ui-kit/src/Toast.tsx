import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** How long a success stays on screen: read in a glance. A failure, or a long line, stays longer. */
export const TOAST_SUCCESS_MS = 4000;
export const TOAST_LONG_MS = 6000;

/** What a toast says, and whether it reports a success or a failure. */
export interface StatusMessage {
  text: string;
  tone: 'success' | 'error';
}

export interface ToastOptions {
  /** How long it stays; by default 4 s for a success, 6 s for an error. */
  durationMs?: number;
}

export interface Toasts {
  /** Says that something worked ('User created successfully!'), politely: it does not interrupt. */
  success(text: string, options?: ToastOptions): void;
  /** Says that something failed, at once (an alert). */
  error(text: string, options?: ToastOptions): void;
}

interface Shown extends StatusMessage {
  id: number;
  durationMs: number;
}

const ToastContext = createContext<Toasts | null>(null);

/**
 * The app's one toast: a short message in the corner that hides itself. The shell places it above
 * every screen, so a message outlives the page that sent it (a save that then goes back to a list).
 * A newer message replaces the one shown. The two live regions are always on the page (empty until
 * a message arrives), so screen readers announce what is put in them: a success politely, after
 * what they are reading (the message is a `status`), and a failure at once (an `alert`). The empty
 * regions have no role of their own, so they are not a status or an alert until they hold one.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const show = useCallback((tone: StatusMessage['tone'], text: string, options?: ToastOptions) => {
    setShown((previous) => ({
      id: (previous?.id ?? 0) + 1,
      tone,
      text,
      durationMs: options?.durationMs ?? (tone === 'error' ? TOAST_LONG_MS : TOAST_SUCCESS_MS),
    }));
  }, []);
  const toasts = useMemo<Toasts>(
    () => ({
      success: (text, options) => show('success', text, options),
      error: (text, options) => show('error', text, options),
    }),
    [show],
  );

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(
      () => setShown((current) => (current?.id === shown.id ? null : current)),
      shown.durationMs,
    );
    return () => window.clearTimeout(timer);
  }, [shown]);

  return (
    <ToastContext.Provider value={toasts}>
      {children}
      <div aria-live="polite" className="ck-toast-region">
        {shown?.tone === 'success' ? (
          <div key={shown.id} role="status" className="ck-toast ck-toast--success">
            {shown.text}
          </div>
        ) : null}
      </div>
      <div aria-live="assertive" className="ck-toast-region">
        {shown?.tone === 'error' ? (
          <div key={shown.id} role="alert" className="ck-toast ck-toast--error">
            {shown.text}
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

/** The app's toast (`ToastProvider`, placed by the shell). */
export function useToast(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToast needs ToastProvider (the shell places it)');
  return toasts;
}
