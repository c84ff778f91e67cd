export interface SpinnerProps {
  size?: 'small' | 'normal';
  /** Read by screen readers; an empty label hides the spinner from them (the text says it). */
  label?: string;
}

export function Spinner({ size = 'normal', label = 'Loading' }: SpinnerProps) {
  return (
    <span
      className={`ck-spinner${size === 'small' ? ' ck-spinner--small' : ''}`}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A spinner with its text, in place (`Loading dashboard…`) or covering the screen. */
export function LoadingState({ text, fullScreen = false }: { text: string; fullScreen?: boolean }) {
  return (
    <div className={`ck-loading${fullScreen ? ' ck-loading--full' : ''}`} role="status" aria-live="polite">
      <Spinner label="" />
      <span>{text}</span>
    </div>
  );
}
