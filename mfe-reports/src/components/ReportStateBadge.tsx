import type { ReportJobDto } from '@caliber/contracts';
import { Badge } from '@caliber/ui-kit';
import { stateLabel, STATE_TONES } from '../utils/report-labels';

/** A report's state: Queued, 'Running 45%', Done, Failed or Expired, each in its colour. */
export function ReportStateBadge({ job }: { job: Pick<ReportJobDto, 'state' | 'progress'> }) {
  return <Badge tone={STATE_TONES[job.state]}>{stateLabel(job)}</Badge>;
}
