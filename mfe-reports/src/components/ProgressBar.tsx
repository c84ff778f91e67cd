import { clampProgress } from '../utils/report-labels';

/** How far a report has been written, 0 to 100, announced as a progress bar. */
export function ProgressBar({ progress, label }: { progress: number; label: string }) {
  const value = clampProgress(progress);
  return (
    <div
      className="reports-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <span className="reports-progress__fill" style={{ width: `${value}%` }} />
    </div>
  );
}
