import type {
  DashboardCostOfService,
  DashboardEquipment,
  DashboardPm,
  DashboardTasks,
} from '@caliber/contracts';
import { Link } from '@caliber/web';
import type { ReactNode } from 'react';
import { CostOfServiceCard } from './CostOfServiceCard';
import { formatCount, rateText } from './dashboard-format';

/**
 * Where each figure leads: the task list opened at the matching view (it keeps `show` in its
 * address and asks the API for `overdue=1` or `awaitingCertification=1`), and the PM compliance
 * summary, the first panel of /maintenance.
 */
export const FIGURE_LINKS = {
  overdue: '/tasks?show=overdue',
  awaitingCertification: '/tasks?show=awaiting-certification',
  pmCompliance: '/maintenance',
  recalls: '/equipment/recalls',
  contractRenewals: '/equipment/contracts?state=renewal-due',
} as const;

/** One figure card: a link to the list behind it, or, when its part is missing, why not. */
function FigureCard({
  label,
  to,
  hint,
  missing,
  children,
}: {
  label: string;
  to: string;
  hint: string;
  /** Set when the part did not arrive, with the gateway's reason: the card is then not a link. */
  missing: { reason: string | undefined } | null;
  children: ReactNode;
}) {
  if (missing) {
    return (
      <div className="dashboard-figure dashboard-figure--missing">
        <span className="dashboard-figure__label">{label}</span>
        <span className="dashboard-figure__missing">
          <strong>Unavailable.</strong> {missing.reason?.trim() || 'No reason was given.'}
        </span>
      </div>
    );
  }
  return (
    <Link to={to} className="dashboard-figure">
      <span className="dashboard-figure__label">{label}</span>
      {children}
      <span className="dashboard-figure__hint">
        {hint} <span aria-hidden="true">→</span>
      </span>
    </Link>
  );
}

function Count({ value, alert }: { value: number; alert: boolean }) {
  return (
    <span className={`dashboard-figure__value${alert && value > 0 ? ' dashboard-figure__value--alert' : ''}`}>
      {formatCount(value)}
    </span>
  );
}

/**
 * What a head of department asks first: overdue work, finished work waiting for an Engineer's
 * certification, this month's PM completion (overall and on life-support devices), the recalls
 * still open with the devices awaiting their action, and for those who keep service contracts
 * (Engineers, Managers, Admins) the contracts to renew within 30 and 90 days, and for those who
 * read costs the hospital's cost of service over the year (its part is absent for everyone else).
 */
export function FigureCards({
  tasks,
  pm,
  equipment,
  tasksUnavailable,
  pmUnavailable,
  equipmentUnavailable,
  contracts = false,
  costOfService,
  costOfServiceUnavailable,
}: {
  tasks: DashboardTasks | null;
  pm: DashboardPm | null;
  equipment: DashboardEquipment | null;
  tasksUnavailable: string | undefined;
  pmUnavailable: string | undefined;
  equipmentUnavailable: string | undefined;
  /** Whether the person keeps service contracts: their renewal card is shown. */
  contracts?: boolean;
  /** The cost of service part: absent (undefined) for those who do not read costs. */
  costOfService?: DashboardCostOfService | null;
  costOfServiceUnavailable?: string;
}) {
  const renewals = equipment?.contractRenewals;
  const tasksMissing = tasks ? null : { reason: tasksUnavailable };
  const recalls = equipment?.recalls;
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-work-figures">
      <h2 id="dashboard-work-figures" className="visually-hidden">
        Work figures
      </h2>
      <div className="dashboard-figures">
        <FigureCard
          label="Overdue tasks"
          to={FIGURE_LINKS.overdue}
          hint="Open the overdue tasks"
          missing={tasksMissing}
        >
          <Count value={tasks?.overdue ?? 0} alert />
        </FigureCard>
        <FigureCard
          label="Awaiting certification"
          to={FIGURE_LINKS.awaitingCertification}
          hint="Open the work awaiting certification"
          missing={tasksMissing}
        >
          <Count value={tasks?.awaitingCertification ?? 0} alert={false} />
        </FigureCard>
        <FigureCard
          label="PM compliance this month"
          to={FIGURE_LINKS.pmCompliance}
          hint="Open PM compliance"
          missing={pm ? null : { reason: pmUnavailable }}
        >
          {pm ? (
            <span className="dashboard-figure__rates">
              <span>
                <span className="dashboard-figure__rate">{rateText(pm.overall.rate)}</span> overall
              </span>
              <span>
                <span className="dashboard-figure__rate">{rateText(pm.lifeSupport.rate)}</span> life-support
              </span>
            </span>
          ) : null}
        </FigureCard>
        <FigureCard
          label="Open recalls"
          to={FIGURE_LINKS.recalls}
          hint="Open the recalls"
          missing={
            recalls
              ? null
              : {
                  reason: equipment
                    ? 'The equipment service does not report recalls yet.'
                    : equipmentUnavailable,
                }
          }
        >
          {recalls ? (
            <span className="dashboard-figure__rates">
              <span>
                <span className="dashboard-figure__rate">{formatCount(recalls.openNotices)}</span>{' '}
                {recalls.openNotices === 1 ? 'notice open' : 'notices open'}
              </span>
              <span>
                <span className="dashboard-figure__rate">{formatCount(recalls.awaitingAction)}</span>{' '}
                {recalls.awaitingAction === 1 ? 'device awaiting action' : 'devices awaiting action'}
              </span>
            </span>
          ) : null}
        </FigureCard>
        {contracts ? (
          <FigureCard
            label="Contract renewals"
            to={FIGURE_LINKS.contractRenewals}
            hint="Open the contracts to renew"
            missing={
              renewals
                ? null
                : {
                    reason: equipment
                      ? 'The equipment service does not report service contracts yet.'
                      : equipmentUnavailable,
                  }
            }
          >
            {renewals ? (
              <span className="dashboard-figure__rates">
                <span>
                  <span
                    className={`dashboard-figure__rate${renewals.within30 > 0 ? ' dashboard-figure__rate--alert' : ''}`}
                  >
                    {formatCount(renewals.within30)}
                  </span>{' '}
                  within 30 days
                </span>
                <span>
                  <span className="dashboard-figure__rate">{formatCount(renewals.within90)}</span> within 90
                  days
                </span>
              </span>
            ) : null}
          </FigureCard>
        ) : null}
        <CostOfServiceCard costOfService={costOfService} unavailable={costOfServiceUnavailable} />
      </div>
    </section>
  );
}
