import { hasFullAccess, USER_SEARCH_DEBOUNCE_MS } from '@caliber/contracts';
import { Button, ErrorState, LoadingState, PageHeader, TextField, useToast } from '@caliber/ui-kit';
import { Link, useCurrentUser, useDebouncedValue } from '@caliber/web';
import { useState } from 'react';
import type { EquipmentChoice } from '../components/EquipmentPicker';
import { HistoryPanel } from '../components/HistoryPanel';
import { PmComplianceSummary } from '../components/PmComplianceSummary';
import { PreventivePanel } from '../components/PreventivePanel';
import { SchedulePreventiveModal } from '../components/SchedulePreventiveModal';
import {
  MAINTENANCE_FETCH_ERROR,
  readError,
  useMaintenancePanel,
  usePmCompliance,
  useTaskLiveUpdates,
} from '../hooks/task-queries';
import { equipmentLabel } from '../utils/format';
import { preventiveEmptyText } from '../utils/maintenance-query';
import '../tasks.css';

const SCHEDULED_MESSAGE_MS = 4000;

/** Which schedule modal is open: none, a blank one, or one for a device without a plan. */
type Scheduling = { device: EquipmentChoice | null } | null;

/**
 * /maintenance: PM compliance for this month, then the Preventive Maintenance panel (unassigned
 * work still to do) and the Maintenance History (completed work), both paged by the server and
 * filtered by the one search box. Engineers and Admins schedule preventive work from here.
 */
export function MaintenancePage() {
  const user = useCurrentUser();
  const maySchedule = hasFullAccess(user.role);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  // A new search starts both panels on their first page.
  const [pages, setPages] = useState({ q, preventive: 1, history: 1 });
  const current = pages.q === q ? pages : { q, preventive: 1, history: 1 };
  // A task assigned, completed or scheduled elsewhere moves between the panels and the figures.
  useTaskLiveUpdates();
  const preventive = useMaintenancePanel('preventive', q, current.preventive);
  const history = useMaintenancePanel('history', q, current.history);
  const compliance = usePmCompliance();
  const [scheduling, setScheduling] = useState<Scheduling>(null);
  const toast = useToast();

  const turn = (panel: 'preventive' | 'history') => (page: number) => setPages({ ...current, [panel]: page });
  const reloadPanels = () => {
    void preventive.refetch();
    void history.refetch();
  };

  const preventiveError = readError(preventive, MAINTENANCE_FETCH_ERROR);
  const historyError = readError(history, MAINTENANCE_FETCH_ERROR);
  const firstLoad = !preventive.data && !history.data;
  const failed = Boolean(preventiveError || historyError);
  const detail = [preventiveError, historyError].find(
    (message) => message && message !== MAINTENANCE_FETCH_ERROR,
  );

  return (
    <div className="page tasks-page maintenance-page">
      <PageHeader
        title="Maintenance Management"
        description="Preventive work waiting to be taken, and the record of work done."
        actionsClassName="maintenance-actions"
        actions={
          <>
            <Link to="/report-issue" className="ck-button ck-button--secondary">
              Report Issue
            </Link>
            {maySchedule ? (
              <Button onClick={() => setScheduling({ device: null })}>Schedule Preventive</Button>
            ) : null}
          </>
        }
      />

      <div className="maintenance-search" role="search">
        <TextField
          label="Search"
          id="maintenance-search"
          type="search"
          placeholder="Title, description or equipment"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      <PmComplianceSummary
        data={compliance.data ?? null}
        error={readError(compliance, 'Failed to load PM compliance')}
        loading={compliance.isFetching}
        onRetry={() => void compliance.refetch()}
        onSchedule={maySchedule ? (device) => setScheduling({ device }) : undefined}
      />

      <ErrorState
        message={failed ? `${MAINTENANCE_FETCH_ERROR}${detail ? ` (${detail})` : ''}` : null}
        onAction={reloadPanels}
      />

      {firstLoad && !failed ? (
        <LoadingState text="Loading maintenance…" />
      ) : (
        <div className="maintenance-panels">
          <PreventivePanel
            data={preventive.data ?? null}
            loading={preventive.isPlaceholderData}
            onPage={turn('preventive')}
            empty={preventiveEmptyText(user.role, maySchedule)}
          />
          <HistoryPanel
            data={history.data ?? null}
            loading={history.isPlaceholderData}
            onPage={turn('history')}
          />
        </div>
      )}

      {scheduling ? (
        <SchedulePreventiveModal
          device={scheduling.device}
          onClose={() => setScheduling(null)}
          onScheduled={({ plan }) => {
            // The save asks the panels and the figures again (the tasks' query keys).
            setScheduling(null);
            toast.success(`Preventive maintenance scheduled for ${equipmentLabel(plan.equipment)}.`, {
              durationMs: SCHEDULED_MESSAGE_MS,
            });
          }}
        />
      ) : null}
    </div>
  );
}
