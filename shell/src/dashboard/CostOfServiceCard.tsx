import {
  COST_OF_SERVICE_RETRY_MINUTES,
  costOfServiceRatioText,
  type DashboardCostOfService,
  type DashboardCostOfServiceFigure,
} from '@caliber/contracts';
import { formatDate, formatDateTime, formatMoney, Spinner } from '@caliber/ui-kit';
import { Link } from '@caliber/web';
import { formatCount } from './dashboard-format';
import { UnavailableNote } from './UnavailableNote';

/**
 * Where the full Cost of service report is asked for: the Reports screen, whose Generate Report
 * offers it to those who read costs. The dashboard's own Generate Report dialog cannot be opened
 * with a report type chosen, so the card leads to the screen.
 */
export const COST_OF_SERVICE_LINK = '/reports';

/** The yardstick a manager reads the ratio against: where well-run departments sit in a year. */
export const COST_OF_SERVICE_BENCHMARK = 'Well-run departments sit around 3–7%';

const TITLE_ID = 'dashboard-cost-of-service';

/** What a failed working out is followed by: the next dashboard after the wait queues it again. */
const RETRY = `It is tried again within ${COST_OF_SERVICE_RETRY_MINUTES} minutes.`;

/**
 * The hospital's cost of service ratio over the year to today, beside the other figures. Shown
 * only to those whose dashboard carries the part (those who read costs: absent for everyone
 * else); a part the reports service did not answer says why, like every missing part. Until
 * today's figure is worked out the latest one shows, marked as an earlier day's.
 */
export function CostOfServiceCard({
  costOfService,
  unavailable,
}: {
  costOfService: DashboardCostOfService | null | undefined;
  /** The gateway's reason when the part is null. */
  unavailable: string | undefined;
}) {
  if (costOfService === undefined) return null;
  const missing = costOfService === null;
  return (
    <div
      className={`dashboard-figure dashboard-cost${missing ? ' dashboard-figure--missing' : ''}`}
      role="group"
      aria-labelledby={TITLE_ID}
    >
      <h3 id={TITLE_ID} className="dashboard-figure__label dashboard-cost__title">
        Cost of service
      </h3>
      {missing ? (
        <UnavailableNote what="Cost of service" reason={unavailable} />
      ) : costOfService.figure ? (
        <CostFigure
          figure={costOfService.figure}
          current={costOfService.current}
          failed={costOfService.failed}
        />
      ) : costOfService.failed ? (
        <p className="dashboard-cost__working" role="status">
          {`The figure could not be worked out. ${RETRY}`}
        </p>
      ) : (
        <p className="dashboard-cost__working" role="status">
          <Spinner size="small" label="" />
          Working out the first figure…
        </p>
      )}
      {/* A missing part is not a way in, as with the other figure cards: the reports service is
          the one that did not answer. */}
      {missing ? null : (
        <Link to={COST_OF_SERVICE_LINK} className="dashboard-figure__hint">
          Open Reports for the full report <span aria-hidden="true">→</span>
        </Link>
      )}
    </div>
  );
}

/**
 * The figure in plain words. Without a ratio (no device has an acquisition cost) the benchmark and
 * the cost line are left out: there is nothing to compare, and both costs would read zero.
 */
function CostFigure({
  figure,
  current,
  failed,
}: {
  figure: DashboardCostOfServiceFigure;
  current: boolean;
  failed: boolean;
}) {
  const { ratio, currency, devicesWithoutCost } = figure;
  const year = formatDate(figure.to);
  return (
    <>
      <p className="dashboard-figure__value dashboard-cost__value">{costOfServiceRatioText(ratio)}</p>
      {ratio === null ? (
        <p className="dashboard-cost__line">No device has a recorded acquisition cost</p>
      ) : null}
      <p className="dashboard-cost__line">Year to {year}</p>
      {ratio === null ? null : <p className="dashboard-cost__line muted">{COST_OF_SERVICE_BENCHMARK}</p>}
      {ratio === null ? null : (
        <p className="dashboard-cost__line">
          Service cost {formatMoney(figure.serviceCost, currency)} of{' '}
          {formatMoney(figure.acquisitionCost, currency)} acquisition
        </p>
      )}
      {devicesWithoutCost > 0 ? (
        <p className="dashboard-cost__line">
          {devicesWithoutCost === 1
            ? '1 device without an acquisition cost is not counted'
            : `${formatCount(devicesWithoutCost)} devices without an acquisition cost are not counted`}
        </p>
      ) : null}
      <p className="dashboard-cost__line">{formatCount(figure.flagged)} flagged for replacement planning</p>
      {current ? null : (
        <p className="dashboard-cost__line muted">
          {failed
            ? `Today's figure could not be worked out; this is ${year}'s. ${RETRY}`
            : `Today's figure is being worked out; this is ${year}'s.`}
        </p>
      )}
      <p className="dashboard-cost__as-of muted">As of {formatDateTime(figure.computedAt)}</p>
    </>
  );
}
