import { keepsContracts, roleIs, type DashboardResponse } from '@caliber/contracts';
import { Button, Card, ErrorBox, LoadingState, PageHeader } from '@caliber/ui-kit';
import { useCurrentUser } from '@caliber/web';
import { FigureCards } from './FigureCards';
import { ProfileCard } from './ProfileCard';
import { QuickActions } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { StatCards } from './StatCards';
import { StatusOverview } from './StatusOverview';
import { SystemStatusCard } from './SystemStatusCard';
import { TasksSummary } from './TasksSummary';
import { DASHBOARD_FETCH_ERROR, useDashboard } from './use-dashboard';
import './dashboard.css';

/**
 * The landing route: the equipment stat cards with their 30-day trends, the figures a head of
 * department asks first, quick actions, the status overview, recent activity, the tasks summary,
 * the profile and the system status, all from GET /api/dashboard and kept current by live events.
 * The heading stays while the figures load or fail, so the page is always recognisably the
 * dashboard.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const { data, error, reload } = useDashboard();
  return (
    <div className="page dashboard-page">
      <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />
      {data ? (
        <DashboardContent
          data={data}
          ownTasksOnly={roleIs(user.role, 'Technician')}
          contracts={keepsContracts(user.role)}
          stale={error}
          onRetry={reload}
        />
      ) : error ? (
        <LoadError detail={error} onRetry={reload} />
      ) : (
        <LoadingState text="Loading dashboard…" />
      )}
    </div>
  );
}

/**
 * The spec's failure: its heading and message, and Retry, which asks again and shows the loading
 * state meanwhile (in place of the spec's page reload: same outcome, the session and the live
 * connection kept). The server's own reason, when it gave one, follows the message.
 */
function LoadError({ detail, onRetry }: { detail: string; onRetry(): void }) {
  return (
    <Card title="Error Loading Dashboard" titleId="dashboard-error">
      <p role="alert">{DASHBOARD_FETCH_ERROR}</p>
      {detail !== DASHBOARD_FETCH_ERROR ? <p className="muted">{detail}</p> : null}
      <Button onClick={onRetry}>Retry</Button>
    </Card>
  );
}

/**
 * The figures. `stale`: a refresh after a live event failed; the last figures stay, marked as
 * possibly out of date, with Retry.
 */
function DashboardContent({
  data,
  ownTasksOnly,
  contracts,
  stale,
  onRetry,
}: {
  data: DashboardResponse;
  ownTasksOnly: boolean;
  /** Whether the person keeps service contracts (their renewal card). */
  contracts: boolean;
  stale: string | null;
  onRetry(): void;
}) {
  const { unavailable } = data;
  return (
    <>
      {stale ? (
        <ErrorBox>
          {DASHBOARD_FETCH_ERROR}; the figures below may be out of date.{' '}
          <Button variant="link" onClick={onRetry}>
            Retry
          </Button>
        </ErrorBox>
      ) : null}
      <StatCards equipment={data.equipment} unavailable={unavailable.equipment} />
      <FigureCards
        tasks={data.tasks}
        pm={data.pm}
        equipment={data.equipment}
        tasksUnavailable={unavailable.tasks}
        pmUnavailable={unavailable.pm}
        equipmentUnavailable={unavailable.equipment}
        contracts={contracts}
        costOfService={data.costOfService}
        costOfServiceUnavailable={unavailable.costOfService}
      />
      <QuickActions />
      <div className="dashboard-grid">
        <StatusOverview equipment={data.equipment} unavailable={unavailable.equipment} />
        <RecentActivity
          recent={data.recentTasks}
          available={data.tasks !== null}
          unavailable={unavailable.tasks}
        />
        <TasksSummary tasks={data.tasks} ownOnly={ownTasksOnly} unavailable={unavailable.tasks} />
        <ProfileCard lastLogin={data.lastLogin} unavailable={unavailable.lastLogin} />
        <SystemStatusCard system={data.system} />
      </div>
    </>
  );
}
