import { hasFullAccess, type RecallDto } from '@caliber/contracts';
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
  Notice,
  PageHeader,
  TextAreaField,
} from '@caliber/ui-kit';
import { DocumentsPanel } from '@caliber/ui-widgets';
import {
  documentRecordPath,
  errorMessage,
  Link,
  useAddressFilters,
  useCurrentUser,
  useParams,
} from '@caliber/web';
import { useState } from 'react';
import { RecallDevices } from '../components/RecallDevices';
import { useCloseRecall, useRecall } from '../hooks/recall-queries';
import { progressLine } from '../utils/recall-form';
import '../equipment.css';

const BACK = '/equipment/recalls';

/**
 * Closing a notice that has no open action (it found no device): a written decision. A notice with
 * devices closes by itself with the last of them.
 */
function CloseRecallForm({ recall }: { recall: RecallDto }) {
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
 * /equipment/recalls/:id: one notice as recorded, and the devices it found with their actions, a
 * page at a time. The notice closes when its last device does.
 */
export function RecallPage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const canEdit = hasFullAccess(user.role);
  const { params, update } = useAddressFilters<'page'>();
  const page = Math.max(1, Number(params.get('page')) || 1);
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
          {recall.duplicateOf ? (
            <Notice>
              This notice repeats one recorded earlier with the same source and reference.{' '}
              <Link to={`/equipment/recalls/${encodeURIComponent(recall.duplicateOf)}`}>
                Open the first record
              </Link>
            </Notice>
          ) : null}
          <Card title="The notice" titleId="recall-notice-title">
            <FactList facts={facts} />
            <h3 className="recall-page__label">Hazard</h3>
            <p className="recall-page__text">{recall.hazard}</p>
            <h3 className="recall-page__label">Action required</h3>
            <p className="recall-page__text">{recall.actionRequired}</p>
          </Card>
          <Card title="The notice's documents" titleId="recall-documents-title">
            <DocumentsPanel
              recordPath={documentRecordPath('recalls', recall._id)}
              label="The notice's documents"
              purposes={canEdit ? ['notice'] : []}
              canRemove={(document) => canEdit || document.addedById === user._id}
              emptyText="No copy of the notice is attached yet."
            />
          </Card>
          <Card title="Affected devices" titleId="recall-devices-title">
            {recall.closingDecision ? (
              <div className="recall-action__closed">
                <p>Closed with a decision:</p>
                <blockquote className="recall-action__decision">{recall.closingDecision}</blockquote>
              </div>
            ) : null}
            {recall.affected === 0 ? (
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
              <RecallDevices
                recall={recall}
                canEdit={canEdit}
                page={page}
                onPage={(next) => update({ page: String(next) })}
              />
            )}
          </Card>
        </>
      ) : null}
    </div>
  );
}
