import { hasFullAccess, type RecallSummaryDto } from '@caliber/contracts';
import {
  Badge,
  Card,
  EmptyState,
  formatDate,
  LoadStates,
  PageHeader,
  Pager,
  SelectField,
} from '@caliber/ui-kit';
import { errorMessage, Link, useAddressFilters, useCurrentUser } from '@caliber/web';
import { useRecallList } from '../hooks/recall-queries';
import { progressLine } from '../utils/recall-form';
import '../equipment.css';

const STATES = [
  { value: '', label: 'Open first, then closed' },
  { value: 'open', label: 'Open only' },
  { value: 'closed', label: 'Closed only' },
] as const;
type StateFilter = (typeof STATES)[number]['value'];

/** One notice in the list: a link to its page, its state and how far its actions are. */
function RecallRow({ recall }: { recall: RecallSummaryDto }) {
  return (
    <li className="recall-row">
      <div className="recall-row__head">
        <Link className="recall-row__title" to={`/equipment/recalls/${encodeURIComponent(recall._id)}`}>
          {recall.title}
        </Link>
        <Badge tone={recall.state === 'open' ? 'red' : 'green'}>
          {recall.state === 'open' ? 'Open' : 'Closed'}
        </Badge>
      </div>
      <p className="recall-row__meta">
        {recall.source} {recall.sourceReference} · {recall.manufacturer} {recall.models.join(', ')} ·
        published {formatDate(recall.publishedOn)}
      </p>
      <p className="recall-row__progress">{progressLine(recall.affected, recall.closed)}</p>
    </li>
  );
}

/**
 * /equipment/recalls: every recall and field safety notice, open ones first, each with how many
 * of its affected devices are closed. Everyone reads; Engineers and Admins record new ones.
 */
export function RecallsListPage() {
  const user = useCurrentUser();
  const { params, update } = useAddressFilters<'state'>();
  const state = (STATES.find((choice) => choice.value === params.get('state'))?.value ?? '') as StateFilter;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = new URLSearchParams({ page: String(page), ...(state ? { state } : {}) });
  const list = useRecallList(query.toString());
  const data = list.data ?? null;
  const error = list.isError ? errorMessage(list.error, 'Failed to load the recalls') : null;
  const reload = () => void list.refetch();

  return (
    <div className="page recalls-page">
      <PageHeader
        title="Recalls and safety notices"
        description={
          data
            ? `${data.open} open, ${data.openActions} ${data.openActions === 1 ? 'device' : 'devices'} awaiting action.`
            : 'Manufacturer recalls and field safety notices, matched against the inventory.'
        }
        actions={
          <>
            {hasFullAccess(user.role) ? (
              <Link className="ck-button ck-button--primary" to="/equipment/recalls/new">
                New notice
              </Link>
            ) : null}
            <Link to="/equipment">Back to Equipment Inventory</Link>
          </>
        }
      />

      <div className="filters">
        <SelectField<StateFilter>
          label="Show"
          value={state}
          onChange={(value) => update({ state: value })}
          options={STATES}
        />
      </div>

      <LoadStates data={data} error={error} onRetry={reload} loadingText="Loading recalls…">
        {(data) =>
          data.recalls.length === 0 ? (
            <Card>
              <EmptyState
                title="No recalls recorded"
                text={
                  state
                    ? 'None in this view.'
                    : 'When a recall or field safety notice arrives, record it here.'
                }
              />
            </Card>
          ) : (
            <>
              <ul className="recall-list" aria-label="Recalls">
                {data.recalls.map((recall) => (
                  <RecallRow key={recall._id} recall={recall} />
                ))}
              </ul>
              {data.pages > 1 ? (
                <Pager
                  page={data.page}
                  totalPages={data.pages}
                  onPage={(next) => update({ page: String(next) })}
                  label="Recall pages"
                />
              ) : null}
            </>
          )
        }
      </LoadStates>
    </div>
  );
}
