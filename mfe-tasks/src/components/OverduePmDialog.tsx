import { seesAllTasks } from '@caliber/contracts';
import { Badge, formatDate, LoadStates, Modal } from '@caliber/ui-kit';
import { Link, useCurrentUser } from '@caliber/web';
import { readError, useComplianceList } from '../hooks/task-queries';
import { daysOverdueText } from '../utils/compliance-format';
import { equipmentLabel } from '../utils/format';
import { CompliancePage } from './CompliancePage';
import { RiskTags } from './RiskTags';

/**
 * Every overdue PM occurrence, the longest overdue first, with who has it, a page at a time (a
 * large PM program has thousands); a Technician's own only, as the server answers them.
 */
export function OverduePmDialog({ today, onClose }: { today: string; onClose(): void }) {
  const user = useCurrentUser();
  const { read: list, setPage } = useComplianceList('overdue');
  return (
    <Modal title="Overdue PM" open onClose={onClose}>
      <p className="muted maintenance-dialog__intro">
        Due date passed and not completed, as of {formatDate(list.data?.today ?? today)}.
      </p>
      <LoadStates
        data={list.data}
        error={readError(list, 'Failed to load overdue PM')}
        onRetry={() => void list.refetch()}
        loadingText="Loading overdue PM…"
      >
        {(answer) =>
          answer.total === 0 ? (
            <p className="maintenance-panel__empty">No PM is overdue.</p>
          ) : (
            <CompliancePage
              answer={answer}
              loading={list.isPlaceholderData}
              pagerLabel="Overdue PM pages"
              onPage={setPage}
            >
              {answer.items.map((item) => (
                <li key={item.taskId} className="maintenance-item" aria-label={item.title}>
                  <div className="maintenance-item__head">
                    <h3 className="maintenance-item__title">
                      {seesAllTasks(user.role) ? (
                        <Link to={`/tasks?task=${encodeURIComponent(item.taskId)}`}>{item.title}</Link>
                      ) : (
                        item.title
                      )}
                    </h3>
                    <RiskTags highRisk={item.highRisk} lifeSupport={item.lifeSupport} />
                  </div>
                  <p className="maintenance-item__device">{equipmentLabel(item.equipment)}</p>
                  <p className="maintenance-item__meta">
                    <span>Due {formatDate(item.dueDate)}</span>
                    <Badge tone="red">{daysOverdueText(item.daysOverdue)}</Badge>
                    <span>{item.assignedTo?.name ?? 'Unassigned'}</span>
                  </p>
                </li>
              ))}
            </CompliancePage>
          )
        }
      </LoadStates>
    </Modal>
  );
}
