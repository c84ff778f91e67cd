import type { PmComplianceResponse } from '@caliber/contracts';
import { Button } from '@caliber/ui-kit';
import { useState } from 'react';
import {
  complianceRows,
  figureParts,
  formatRate,
  periodLabel,
  rateTone,
  type ComplianceRow,
} from '../utils/compliance-format';
import { OverduePmDialog } from './OverduePmDialog';
import { UnplannedDevicesDialog } from './UnplannedDevicesDialog';
import type { EquipmentChoice } from './EquipmentPicker';

/** One group's rate and the counts behind it. */
function FiguresCard({ row }: { row: ComplianceRow }) {
  const { figures } = row;
  const labelId = `pm-compliance-${row.key}`;
  return (
    <section className="ck-surface maintenance-figures" aria-labelledby={labelId}>
      <div className="maintenance-figures__head">
        <h3 id={labelId} className="maintenance-figures__label">
          {row.label}
        </h3>
        <span
          className={`maintenance-figures__rate maintenance-figures__rate--${rateTone(figures.rate)}`}
          aria-label={`${row.label} completion rate ${formatRate(figures.rate)}`}
        >
          {formatRate(figures.rate)}
        </span>
      </div>
      <dl className="maintenance-figures__counts">
        {figureParts(figures).map((part) => (
          <div key={part.label}>
            <dt>{part.label}</dt>
            <dd>{part.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type OpenList = 'overdue' | 'unplanned' | null;

/**
 * PM compliance above the Maintenance panels: this month's completion rate (on time out of what
 * had to be done by today) overall, for high-risk and for life-support devices; how many PM
 * occurrences are overdue, and how many devices in the PM program have no plan, each list one
 * click away (read from the server a page at a time when opened). A failure here stays here: the
 * panels below work without it.
 */
export function PmComplianceSummary({
  data,
  error,
  loading,
  onRetry,
  onSchedule,
}: {
  data: PmComplianceResponse | null;
  error: string | null;
  loading: boolean;
  onRetry(): void;
  /** Offered beside a device without a plan to those who may schedule (Engineers and Admins). */
  onSchedule?: (device: EquipmentChoice) => void;
}) {
  const [open, setOpen] = useState<OpenList>(null);
  return (
    <section className="maintenance-compliance" aria-labelledby="pm-compliance-heading">
      <header className="maintenance-compliance__header">
        <h2 id="pm-compliance-heading" className="maintenance-compliance__title">
          PM compliance{data ? `, ${periodLabel(data.from, data.to)}` : ''}
        </h2>
        <p className="muted maintenance-compliance__note">
          Share of scheduled PM done on time, of what was due by today.
        </p>
      </header>
      {error ? (
        <p className="maintenance-compliance__error" role="alert">
          {error}{' '}
          <Button variant="link" onClick={onRetry}>
            Retry
          </Button>
        </p>
      ) : null}
      {data ? (
        <div className="maintenance-compliance__grid" aria-busy={loading || undefined}>
          {complianceRows(data).map((row) => (
            <FiguresCard key={row.key} row={row} />
          ))}
          <div className="maintenance-compliance__lists">
            <div className="ck-surface maintenance-tile">
              <span className="maintenance-tile__value maintenance-tile__value--alert">
                {data.overdue.total}
              </span>
              <span className="maintenance-tile__label">Overdue PM</span>
              <Button variant="secondary" size="small" onClick={() => setOpen('overdue')}>
                View overdue
              </Button>
            </div>
            <div className="ck-surface maintenance-tile">
              <span className="maintenance-tile__value">{data.unplanned.total}</span>
              <span className="maintenance-tile__label">Devices without a plan</span>
              <Button variant="secondary" size="small" onClick={() => setOpen('unplanned')}>
                View devices
              </Button>
            </div>
          </div>
        </div>
      ) : !error ? (
        <p className="muted" role="status">
          Loading PM compliance…
        </p>
      ) : null}
      {data && open === 'overdue' ? (
        <OverduePmDialog today={data.today} onClose={() => setOpen(null)} />
      ) : null}
      {data && open === 'unplanned' ? (
        <UnplannedDevicesDialog
          onClose={() => setOpen(null)}
          onSchedule={
            onSchedule
              ? (device) => {
                  setOpen(null);
                  onSchedule(device);
                }
              : undefined
          }
        />
      ) : null}
    </section>
  );
}
