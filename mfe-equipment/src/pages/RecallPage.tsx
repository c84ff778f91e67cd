import { hasFullAccess, type RecallActionDto, type RecallDetail } from '@caliber/contracts';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorBox,
  ErrorState,
  FactList,
  formatDate,
  formatDateTime,
  LoadingState,
  PageHeader,
  TextAreaField,
  TextField,
} from '@caliber/ui-kit';
import { errorMessage, Link, useCurrentUser, useParams } from '@caliber/web';
import { useState } from 'react';
import { useCloseAction, useCloseRecall, useOpenRecallTask, useRecall } from '../hooks/recall-queries';
import { progressLine, recallTask } from '../utils/recall-form';
import '../equipment.css';

const BACK = '/equipment/recalls';

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
  recall: RecallDetail;
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
 * Closing a notice that has no open action (it found no device): a written decision. A notice with
 * devices closes by itself with the last of them.
 */
function CloseRecallForm({ recall }: { recall: RecallDetail }) {
  const [decision, setDecision] = useState('');
  const closing = useCloseRecall(recall);
  const busy = closing.isPending;
  const error = closing.isError ? errorMessage(closing.error, 'The recall was not closed') : null;
  const close = () => closing.mutate(decision);
  return (
    <div className="recall-action__form">
      <TextAreaField
        label="Decision to close this recall"
        hint="At least a sentence, e.g. 'No device of these models is in the hospital: purchasing records checked.'"
        rows={2}
        value={decision}
        onChange={(event) => setDecision(event.target.value)}
      />
      <Button variant="secondary" onClick={close} disabled={busy || !decision.trim()}>
        {busy ? 'Closing…' : 'Close the recall'}
      </Button>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
    </div>
  );
}

/**
 * /equipment/recalls/:id: one notice as recorded, and each device it found with its action. The
 * notice closes when its last device does.
 */
export function RecallPage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const canEdit = hasFullAccess(user.role);
  const query = useRecall(id);
  const recall = query.data ?? null;
  const error = query.isError ? errorMessage(query.error, 'Failed to load the recall') : null;
  const reload = () => void query.refetch();

  const facts: [string, string][] = recall
    ? [
        ['Source', `${recall.source} ${recall.sourceReference}`],
        ['Published', formatDate(recall.publishedOn)],
        ['Manufacturer', recall.manufacturer],
        ['Models', recall.models.join(', ')],
        ...(recall.serialNumbers.length
          ? [['Serial numbers', recall.serialNumbers.join(', ')] as [string, string]]
          : []),
        ...(recall.serialRanges.length
          ? [
              [
                'Serial ranges',
                recall.serialRanges.map((range) => `${range.from} to ${range.to}`).join(', '),
              ] as [string, string],
            ]
          : []),
        ...(recall.lotNumbers.length ? [['Lots', recall.lotNumbers.join(', ')] as [string, string]] : []),
        ...(recall.udiDi ? [['UDI-DI', recall.udiDi] as [string, string]] : []),
        ...(!recall.serialNumbers.length && !recall.serialRanges.length && !recall.lotNumbers.length
          ? [['Applies to', 'Every device of these models'] as [string, string]]
          : []),
      ]
    : [];

  return (
    <div className="page recalls-page">
      <PageHeader
        title={recall ? recall.title : 'Recall'}
        description={
          recall ? (
            <>
              <Badge tone={recall.state === 'open' ? 'red' : 'green'}>
                {recall.state === 'open' ? 'Open' : 'Closed'}
              </Badge>{' '}
              {progressLine(recall.affected, recall.closed)}
              {recall.closedAt ? ` · closed ${formatDateTime(recall.closedAt)}` : ''}
            </>
          ) : null
        }
        actions={
          <>
            {recall && canEdit ? (
              <Link
                className="ck-button ck-button--secondary"
                to={`/equipment/recalls/${encodeURIComponent(recall._id)}/edit`}
              >
                Edit notice
              </Link>
            ) : null}
            <Link to={BACK}>Back to Recalls</Link>
          </>
        }
      />

      {query.isPending ? <LoadingState text="Loading recall…" /> : null}
      <ErrorState message={error} onAction={reload} />
      {recall ? (
        <>
          <Card title="The notice" titleId="recall-notice-title">
            <FactList facts={facts} />
            <h3 className="recall-page__label">Hazard</h3>
            <p className="recall-page__text">{recall.hazard}</p>
            <h3 className="recall-page__label">Action required</h3>
            <p className="recall-page__text">{recall.actionRequired}</p>
          </Card>
          <Card title="Affected devices" titleId="recall-devices-title">
            {recall.closingDecision ? (
              <div className="recall-action__closed">
                <p>Closed with a decision:</p>
                <blockquote className="recall-action__decision">{recall.closingDecision}</blockquote>
              </div>
            ) : null}
            {recall.actions.length === 0 ? (
              <>
                <EmptyState
                  title="No device matches this notice"
                  text={
                    recall.state === 'open'
                      ? 'While it is open, a device added or imported later that matches it is found then.'
                      : undefined
                  }
                />
                {recall.state === 'open' && canEdit ? <CloseRecallForm recall={recall} /> : null}
              </>
            ) : (
              <ul className="recall-actions" aria-labelledby="recall-devices-title">
                {recall.actions.map((action) => (
                  <ActionItem key={action._id} recall={recall} action={action} canEdit={canEdit} />
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : null}
    </div>
  );
}
