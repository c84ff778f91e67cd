import type { RecallActionDto, RecallDto } from '@caliber/contracts';
import {
  Badge,
  Button,
  ErrorBox,
  ErrorState,
  formatDate,
  formatDateTime,
  LoadingState,
  Pager,
  TextAreaField,
  TextField,
} from '@caliber/ui-kit';
import { errorMessage, Link } from '@caliber/web';
import { useState } from 'react';
import { useCloseAction, useOpenRecallTask, useRecallActions } from '../hooks/recall-queries';
import { recallTask } from '../utils/recall-form';
import { showingLine } from '../utils/count-line';

/** How an action was closed, in words. */
function closedLine(action: RecallActionDto): string {
  const by = action.closedBy ? ` by ${action.closedBy.name}` : '';
  const when = action.closedAt ? ` on ${formatDateTime(action.closedAt)}` : '';
  return action.closedWith === 'task'
    ? `Closed with task ${action.taskId ?? ''}${by}${when}.`
    : `Closed with a decision${by}${when}.`;
}

/**
 * One affected device and its action. Engineers and Admins open a Repair task on the device
 * (through the task API, named after the recall), close the action with a completed task on the
 * device, or with a written decision; everyone else reads.
 */
function ActionItem({
  recall,
  action,
  canEdit,
}: {
  recall: RecallDto;
  action: RecallActionDto;
  canEdit: boolean;
}) {
  const [taskId, setTaskId] = useState('');
  const [decision, setDecision] = useState('');
  const opening = useOpenRecallTask();
  const closing = useCloseAction(action._id);
  const busy = opening.isPending || closing.isPending;
  const closingWith = closing.isPending ? closing.variables.closeWith : null;
  const failure = opening.error ?? closing.error;
  const error = failure ? errorMessage(failure, 'The change was not saved') : null;
  const opened = opening.data?.task._id ?? null;
  const name = action.device.name || 'Unnamed Equipment';

  const openTask = () => {
    closing.reset();
    opening.mutate(
      { ...recallTask(recall), taskType: 'Repair', priority: 'High', equipmentId: action.device._id },
      { onSuccess: (created) => setTaskId(created.task._id) },
    );
  };
  const close = (kind: 'task' | 'decision') => {
    opening.reset();
    closing.mutate(
      kind === 'task'
        ? { closeWith: 'task', taskId: taskId.trim(), version: action.version }
        : { closeWith: 'decision', decision, version: action.version },
    );
  };

  return (
    <li className="recall-action" aria-label={name}>
      <div className="recall-row__head">
        {action.device.present ? (
          <Link className="recall-row__title" to={`/equipment/${encodeURIComponent(action.device._id)}`}>
            {name}
          </Link>
        ) : (
          <span className="recall-row__title">{name} (deleted)</span>
        )}
        <Badge tone={action.state === 'open' ? 'red' : 'green'}>
          {action.state === 'open' ? 'Open' : 'Closed'}
        </Badge>
      </div>
      <p className="recall-row__meta">
        {action.device.serialNumber} · {action.device.model} · {action.device.department} · found{' '}
        {formatDate(action.foundAt.slice(0, 10))}
      </p>
      {!action.stillMatches && action.device.present ? (
        <p className="recall-action__note">
          Edited since it was found: it no longer matches this notice (it was serial{' '}
          {action.matched.serialNumber}).
        </p>
      ) : null}
      {action.state === 'closed' ? (
        <div className="recall-action__closed">
          <p>{closedLine(action)}</p>
          {action.decision ? (
            <blockquote className="recall-action__decision">{action.decision}</blockquote>
          ) : null}
        </div>
      ) : canEdit ? (
        <div className="recall-action__forms">
          <div className="recall-action__form">
            <Button variant="secondary" onClick={openTask} disabled={busy}>
              {opening.isPending ? 'Opening…' : 'Open a task'}
            </Button>
            {opened ? (
              <p className="ck-field__hint" role="status">
                Repair task {opened} opened for this device. Close the action with it once it is completed.
              </p>
            ) : null}
          </div>
          <div className="recall-action__form">
            <TextField
              label="Task number"
              hint="A completed task on this device"
              value={taskId}
              onChange={(event) => setTaskId(event.target.value)}
            />
            <Button variant="secondary" onClick={() => close('task')} disabled={busy || !taskId.trim()}>
              {closingWith === 'task' ? 'Closing…' : 'Close with task'}
            </Button>
          </div>
          <div className="recall-action__form">
            <TextAreaField
              label="Decision"
              hint="At least a sentence, e.g. 'Serial checked on the device label: outside the affected range.'"
              rows={2}
              value={decision}
              onChange={(event) => setDecision(event.target.value)}
            />
            <Button variant="secondary" onClick={() => close('decision')} disabled={busy || !decision.trim()}>
              {closingWith === 'decision' ? 'Closing…' : 'Close with a decision'}
            </Button>
          </div>
          {error ? <ErrorBox>{error}</ErrorBox> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The devices a notice found, each with its action, a page at a time (open ones first): a
 * whole-model notice finds thousands, and the page is what the server sends. The page is kept in
 * the address (`page`), so a reload or a shared link opens it again; the page shown stays while
 * the next loads.
 */
export function RecallDevices({
  recall,
  canEdit,
  page,
  onPage,
}: {
  recall: RecallDto;
  canEdit: boolean;
  page: number;
  onPage(page: number): void;
}) {
  const devices = useRecallActions(recall._id, page);
  const { data } = devices;
  const error = devices.isError ? errorMessage(devices.error, 'Failed to load the affected devices') : null;
  return (
    <>
      <ErrorState message={error} onAction={() => void devices.refetch()} />
      {!data && devices.isFetching ? <LoadingState text="Loading affected devices…" /> : null}
      {data && data.actions.length > 0 ? (
        <>
          {data.pages > 1 ? (
            <p className="muted recall-devices__count" aria-live="polite">
              {showingLine(data.page, data.limit, data.actions.length, data.total)}, open ones first.
            </p>
          ) : null}
          <ul className="recall-actions" aria-labelledby="recall-devices-title">
            {data.actions.map((action) => (
              <ActionItem key={action._id} recall={recall} action={action} canEdit={canEdit} />
            ))}
          </ul>
          <Pager page={data.page} totalPages={data.pages} label="Affected device pages" onPage={onPage} />
        </>
      ) : null}
    </>
  );
}
