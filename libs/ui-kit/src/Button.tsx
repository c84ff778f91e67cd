import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  /** While busy the button is disabled and shows `busyLabel` (e.g. 'Sending OTP...'). */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  busyLabel,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['ck-button', `ck-button--${variant}`, block && 'ck-button--block', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && variant !== 'link' ? <Spinner size="small" label="" /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
