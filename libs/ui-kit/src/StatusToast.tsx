import { useEffect } from 'react';

export interface StatusMessage {
  text: string;
  tone: 'success' | 'error';
}

/** A short status message (e.g. 'Task status submitted.') that hides itself after `durationMs`. */
export function StatusToast({
  message,
  durationMs,
  onDone,
}: {
  message: StatusMessage | null;
  durationMs: number;
  onDone(): void;
}) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onDone, durationMs);
    return () => window.clearTimeout(timer);
  }, [message, durationMs, onDone]);
  if (!message) return null;
  return (
    <div
      className={`ck-toast ck-toast--${message.tone}`}
      role={message.tone === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </div>
  );
}
