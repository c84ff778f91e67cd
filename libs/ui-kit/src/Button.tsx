import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  /** A smaller button for a table's row or a tile, beside other text. */
  size?: 'normal' | 'small';
  /** While busy the button is disabled and shows `busyLabel` (e.g. 'Sending OTP...'). */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({
  variant = 'primary',
  block = false,
  size = 'normal',
  busy = false,
  busyLabel,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    'ck-button',
    `ck-button--${variant}`,
    block && 'ck-button--block',
    size === 'small' && 'ck-button--small',
    className,
  ]
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
