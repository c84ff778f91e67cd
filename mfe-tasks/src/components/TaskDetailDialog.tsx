import { hasFullAccess, isClinical, roleIs, type DocumentPurpose, type TaskDetail } from '@caliber/contracts';
import { DocumentsPanel } from '@caliber/ui-widgets';
import { Badge, ErrorBox, FactList, formatDate, formatDateTime, LoadingState, Modal } from '@caliber/ui-kit';
import { documentRecordPath, TaskStatusBadge, useCurrentUser } from '@caliber/web';
import type { ReactNode } from 'react';
import { readError, useTaskDetail } from '../hooks/task-queries';
import { auditValue, equipmentLabel } from '../utils/format';
import { certificationTag } from '../utils/task-permissions';
import { PartCostsSection } from './PartCostsSection';
import { PriorityBadge } from './PriorityBadge';
import { VendorChargesSection } from './VendorChargesSection';
import { WorkRecord } from './WorkRecord';

function who(ref: { name: string } | null): string {
  return ref ? ` by ${ref.name}` : '';
}

/**
 * Everything about one task: its fields, the reports others added to its fault, the work record
 * with its spare parts, what the parts cost and what vendors charged (for those who read costs),
 * the status history and the audit trail (newest first). It follows the task's live events while it is open.
 */
/**
 * What a person may add to a task: a reporter from the ward adds photos of the fault; the
 * department adds photos and vendors' service reports; a Manager reads.
 */
function taskPurposes(role: string): DocumentPurpose[] {
  if (roleIs(role, 'Manager')) return [];
  return isClinical(role) ? ['photo'] : ['photo', 'report'];
}

export function TaskDetailDialog({ id, onClose }: { id: string; onClose(): void }) {
  const user = useCurrentUser();
  // Task events mark it stale (the Tasks page follows them), so it is asked again while open.
  const detail = useTaskDetail(id);
  const error = readError(detail, 'Failed to fetch task');
  const loading = detail.isPending;
  const task: TaskDetail | null = detail.data?._id === id ? detail.data : null;

  const facts: [string, ReactNode][] = task
    ? [
        ['Description', <span className="task-prose">{task.description}</span>],
        ['Type', task.taskType],
        ...(task.taskType === 'Preventive'
          ? ([
              ['PM Type', task.pmType ?? '—'],
              ['Interval', task.pmInterval ?? '—'],
            ] as [string, ReactNode][])
          : []),
        ['Priority', <PriorityBadge priority={task.priority} />],
        [
          'Equipment',
          `${equipmentLabel(task.equipment)} · ${task.equipment.department} · ${task.equipment.category}`,
        ],
        ['Due date', task.dueDate ? formatDate(task.dueDate) : 'No due date'],
        ['Assigned To', task.assignedTo?.name ?? 'Unassigned'],
        ['Created', `${formatDateTime(task.createdAt)}${who(task.createdBy)}`],
        ['Updated', `${formatDateTime(task.updatedAt)}${who(task.updatedBy)}`],
        ['Completed', task.completedDate ? formatDateTime(task.completedDate) : '—'],
        [
          'Certification',
          task.certified
            ? `Certified${task.certificationEngineer ? ` by ${task.certificationEngineer}` : ''}${
                task.certifiedAt ? `, ${formatDateTime(task.certifiedAt)}` : ''
              }`
            : task.needsCertification
              ? 'Awaiting certification'
              : 'Not certified',
        ],
      ]
    : [];
  if (task?.reportedBy || task?.severity || task?.location) {
    facts.push(['Reported By', task.reportedBy?.name ?? '—']);
    facts.push(['Severity', task.severity ?? '—']);
    facts.push(['Location', task.location ?? '—']);
  }
  if (task?.comments) facts.push(['Comments', <span className="task-prose">{task.comments}</span>]);
  const tag = task ? certificationTag(task) : null;

  return (
    <Modal title={task?.title ?? (error ? 'Task' : 'Loading…')} open size="large" onClose={onClose}>
      <div className="task-detail">
        {loading && !task ? <LoadingState text="Loading task…" /> : null}
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {task ? (
          <>
            <div className="task-detail__status">
              <TaskStatusBadge status={task.status} />
              {tag ? <Badge tone={task.needsCertification ? 'purple' : 'teal'}>{tag}</Badge> : null}
            </div>
            <FactList facts={facts} className="task-facts--detail" />

            {task.addedReportsTotal > 0 ? (
              <>
                <h3 className="ck-subheading">Also reported by</h3>
                <ol className="ck-timeline task-timeline">
                  {task.addedReports.map((report) => (
                    <li key={report._id}>
                      <span className="task-prose">{report.text}</span>
                      <span className="muted">
                        {formatDateTime(report.at)}
                        {report.reportedBy ? ` · ${report.reportedBy.name}` : ''}
                      </span>
                    </li>
                  ))}
                </ol>
                {task.addedReportsTotal > task.addedReports.length ? (
                  <p className="muted">
                    The newest {task.addedReports.length} of {task.addedReportsTotal} added reports.
                  </p>
                ) : null}
              </>
            ) : null}

            <h3 className="ck-subheading">Work record</h3>
            <WorkRecord
              task={task}
              labourCost={task.labourCost}
              currency={task.vendorCharges?.currency ?? task.labourCost?.currency ?? null}
            />

            {/* Costs: the server gives them only to those who read them (never a Technician). */}
            {task.vendorCharges && task.spareParts.length > 0 ? (
              <>
                <h3 className="ck-subheading">Part costs</h3>
                <PartCostsSection task={task} currency={task.vendorCharges.currency} />
              </>
            ) : null}
            {task.vendorCharges ? (
              <>
                <h3 className="ck-subheading">Vendor charges</h3>
                <VendorChargesSection
                  taskId={task._id}
                  taskTitle={task.title}
                  vendorCharges={task.vendorCharges}
                />
              </>
            ) : null}

            <h3 className="ck-subheading">Photos and documents</h3>
            <DocumentsPanel
              recordPath={documentRecordPath('tasks', task._id)}
              label="Photos and documents"
              purposes={taskPurposes(user.role)}
              canRemove={(document) => hasFullAccess(user.role) || document.addedById === user._id}
              emptyText="No photos or documents yet."
            />

            <h3 className="ck-subheading">Status history</h3>
            {task.statusHistory.length === 0 ? (
              <p className="muted">No status changes yet.</p>
            ) : (
              <ol className="ck-timeline task-timeline">
                {task.statusHistory.map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    <span className="ck-timeline__change">
                      {entry.from ? (
                        <>
                          <TaskStatusBadge status={entry.from} />
                          <span aria-label="to"> → </span>
                        </>
                      ) : null}
                      <TaskStatusBadge status={entry.to} />
                    </span>
                    <span className="muted">
                      {formatDateTime(entry.at)}
                      {entry.by ? ` · ${entry.by.name}` : ''}
                    </span>
                  </li>
                ))}
              </ol>
            )}
            {task.statusHistoryTotal > task.statusHistory.length ? (
              <p className="muted">
                The newest {task.statusHistory.length} of {task.statusHistoryTotal} status changes.
              </p>
            ) : null}

            <h3 className="ck-subheading">Audit trail</h3>
            {task.audit.length === 0 ? (
              <p className="muted">No audited changes.</p>
            ) : (
              <ol className="ck-timeline task-timeline">
                {task.audit.map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    <span className="task-timeline__action">{entry.action}</span>
                    <span className="muted">
                      {formatDateTime(entry.at)} · {entry.by}
                    </span>
                    {Object.keys(entry.changes).length > 0 ? (
                      <ul className="task-audit__changes">
                        {Object.entries(entry.changes).map(([field, change]) => (
                          <li key={field}>
                            <span className="task-audit__field">{field}</span>: {auditValue(change.from)} →{' '}
                            {auditValue(change.to)}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
            {task.auditTotal > task.audit.length ? (
              <p className="muted">
                The newest {task.audit.length} of {task.auditTotal} audited changes.
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </Modal>
  );
}
