import { seesAllTasks, type PmComplianceResponse } from '@caliber/contracts';
import { Badge, formatDate, Modal } from '@caliber/ui-kit';
import { Link, useCurrentUser } from '@caliber/web';
import { daysOverdueText, listCoverage } from '../utils/compliance-format';
import { equipmentLabel } from '../utils/format';
import { RiskTags } from './RiskTags';

/** Every overdue PM occurrence, the longest overdue first, with who has it. */
export function OverduePmDialog({
  overdue,
  today,
  onClose,
}: {
  overdue: PmComplianceResponse['overdue'];
  today: string;
  onClose(): void;
}) {
  const user = useCurrentUser();
  const coverage = listCoverage(overdue.items.length, overdue.total);
  return (
    <Modal title="Overdue PM" open onClose={onClose}>
      <p className="muted maintenance-dialog__intro">
        Due date passed and not completed, as of {formatDate(today)}.{coverage ? ` ${coverage}` : ''}
      </p>
      {overdue.items.length === 0 ? (
        <p className="maintenance-panel__empty">No PM is overdue.</p>
      ) : (
        <ul className="maintenance-list">
          {overdue.items.map((item) => (
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
        </ul>
      )}
    </Modal>
  );
}
