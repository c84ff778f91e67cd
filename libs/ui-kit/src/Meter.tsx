import { useId, type ReactNode } from 'react';

/**
 * The colour of a meter's fill, from the kit's tokens (light and dark follow): `good` (green),
 * `warn` (amber), `bad` (red), `neutral` (grey), `info` (the primary blue: progress) and `accent`
 * (purple, a fifth kind among statuses).
 */
export type MeterTone = 'good' | 'warn' | 'bad' | 'neutral' | 'info' | 'accent';

export interface MeterProps {
  /** What is measured: the meter's accessible name, and a visible line unless `labelHidden`. */
  label: ReactNode;
  value: number;
  /** The range the value lies in: 0 to 100 unless told (a count out of a total: `max={total}`). */
  min?: number;
  max?: number;
  /**
   * `meter` (the default): a value within a known range (a share of the equipment). `progressbar`:
   * how far a job has got, which moves until it is done.
   */
  kind?: 'meter' | 'progressbar';
  tone?: MeterTone;
  /**
   * The value as shown beside the label; the whole percentage of the range unless told. `null`
   * shows none (something beside the meter says it already, such as a 'Running 45%' badge).
   */
  valueText?: ReactNode;
  /** The value as read out (`aria-valuetext`); the shown value text when it is plain text. */
  spokenValue?: string;
  /** The label is read out but not drawn: the row or page around the meter names it already. */
  labelHidden?: boolean;
  className?: string;
}

/** Where `value` lies in `min`..`max`, from 0 to 100; 0 when the range is empty or the value is not a number. */
export function meterPercent(value: number, min = 0, max = 100): number {
  if (!Number.isFinite(value) || !Number.isFinite(min) || !Number.isFinite(max) || max <= min) return 0;
  return Math.max(0, Math.min(100, ((value - min) / (max - min)) * 100));
}

/**
 * A value within a known range drawn as a bar, with its label and value text and the ARIA of a
 * meter (or a progress bar): `aria-valuenow`, `-min`, `-max` and the value as text, named by its
 * label. A value above the minimum always shows a sliver, however small its share, so "some" never
 * looks like "none".
 */
export function Meter({
  label,
  value,
  min = 0,
  max = 100,
  kind = 'meter',
  tone = 'info',
  valueText,
  spokenValue,
  labelHidden = false,
  className,
}: MeterProps) {
  const labelId = useId();
  const percent = meterPercent(value, min, max);
  const shown = valueText === undefined ? `${Math.round(percent)}%` : valueText;
  const spoken = spokenValue ?? (typeof shown === 'string' ? shown : undefined);
  const now = Number.isFinite(value) ? Math.max(min, Math.min(max, value)) : min;
  return (
    <div className={['ck-meter', `ck-meter--${tone}`, className].filter(Boolean).join(' ')}>
      {labelHidden && shown === null ? (
        <span id={labelId} className="visually-hidden">
          {label}
        </span>
      ) : (
        <div className="ck-meter__text">
          <span id={labelId} className={labelHidden ? 'visually-hidden' : 'ck-meter__label'}>
            {label}
          </span>
          {shown !== null ? (
            <span className="ck-meter__value" aria-hidden="true">
              {shown}
            </span>
          ) : null}
        </div>
      )}
      <div
        className="ck-meter__track"
        role={kind}
        aria-labelledby={labelId}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={now}
        aria-valuetext={spoken}
      >
        <span
          className={`ck-meter__fill${value > min ? ' ck-meter__fill--some' : ''}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
