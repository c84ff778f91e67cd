import { CONTRACT_KIND_LABELS, keepsContracts, type ServiceContractSummary } from '@caliber/contracts';
import {
  Badge,
  Card,
  CountLines,
  EmptyState,
  formatDate,
  formatMoney,
  LoadStates,
  PageHeader,
  Pager,
  SelectField,
  TextField,
} from '@caliber/ui-kit';
import { errorMessage, Link, useAddressFilters, useAddressSearch, useCurrentUser } from '@caliber/web';
import { useContractList } from '../hooks/contract-queries';
import { coverLine, localToday, renewalBadge } from '../utils/contract-form';
import '../equipment.css';

const STATES = [
  { value: 'current', label: 'Current' },
  { value: 'renewal-due', label: 'Renewal due (within 90 days)' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'ended', label: 'Ended' },
  { value: 'all', label: 'All' },
] as const;
type StateFilter = (typeof STATES)[number]['value'];

/** What the list says when a view holds none. */
const EMPTY_TEXTS: Readonly<Record<StateFilter, string>> = {
  current: 'No contract is in force today.',
  'renewal-due': 'No contract ends within the next 90 days.',
  upcoming: 'No contract starts later.',
  ended: 'No contract has ended.',
  all: 'No service contract is recorded yet.',
};

/** How long a search must pause before the address (and so the list) follows it. */
const SEARCH_DELAY_MS = 300;

/** One contract in the list: who, its number (a link to it), kind, term, cost, cover and renewal. */
function ContractRow({ contract, today }: { contract: ServiceContractSummary; today: string }) {
  const badge = renewalBadge(contract, today);
  return (
    <li className="contract-row">
      <div className="contract-row__head">
        <span className="contract-row__vendor">{contract.vendorName}</span>
        {badge ? <Badge tone={badge.tone}>{badge.text}</Badge> : null}
      </div>
      <p className="contract-row__title">
        <Link to={`/equipment/contracts/${encodeURIComponent(contract.id)}`}>{contract.reference}</Link>
        {' · '}
        {CONTRACT_KIND_LABELS[contract.kind]}
      </p>
      <p className="contract-row__meta">
        {formatDate(contract.startsOn)} to {formatDate(contract.endsOn)} ·{' '}
        <span className="contract-row__cost">{formatMoney(contract.annualCost, contract.currency)}</span> a
        year
      </p>
      <p className="contract-row__meta">Covers {coverLine(contract)}</p>
    </li>
  );
}

/**
 * /equipment/contracts (Engineers, Managers and Admins): the service contracts, in force today by
 * default, ending first, with the ones due for renewal marked. The view, search and page are in
 * the address.
 */
export function ContractsListPage() {
  const user = useCurrentUser();
  const { params, update } = useAddressFilters<'state' | 'q'>();
  const state: StateFilter =
    STATES.find((choice) => choice.value === params.get('state'))?.value ?? 'current';
  const q = params.get('q') ?? '';
  const [search, setSearch] = useAddressSearch(q, update, SEARCH_DELAY_MS);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = new URLSearchParams({ state, page: String(page), ...(q ? { q } : {}) });
  const list = useContractList(query.toString());
  const data = list.data ?? null;
  const error = list.isError ? errorMessage(list.error, 'Failed to load the service contracts') : null;
  const today = localToday();

  return (
    <div className="page contracts-page">
      <PageHeader
        title="Service contracts"
        description="What the hospital pays vendors each year to maintain its devices, and what it gets for it."
        actions={
          keepsContracts(user.role) ? (
            <Link className="ck-button ck-button--primary" to="/equipment/contracts/new">
              New contract
            </Link>
          ) : null
        }
      />

      <div className="ck-filters ck-filters--one-select" role="search">
        <TextField
          label="Search"
          className="ck-filters__search"
          type="search"
          placeholder="Contract number or vendor"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField<StateFilter>
          label="Show"
          value={state}
          onChange={(value) => update({ state: value === 'current' ? '' : value })}
          options={STATES}
        />
      </div>

      <LoadStates
        data={data}
        error={error}
        onRetry={() => void list.refetch()}
        loadingText="Loading service contracts…"
      >
        {(data) =>
          data.rows.length === 0 ? (
            <Card>
              <EmptyState
                title="No service contracts found"
                text={q ? `None matches "${q}" in this view.` : EMPTY_TEXTS[state]}
              />
            </Card>
          ) : (
            <>
              <CountLines
                line={`${data.total} ${data.total === 1 ? 'contract' : 'contracts'}`}
                updating={list.isFetching}
              />
              <ul className="contract-list" aria-label="Service contracts">
                {data.rows.map((contract) => (
                  <ContractRow key={contract.id} contract={contract} today={today} />
                ))}
              </ul>
              {data.pages > 1 ? (
                <Pager
                  page={data.page}
                  totalPages={data.pages}
                  onPage={(next) => update({ page: String(next) })}
                  label="Contract pages"
                />
              ) : null}
            </>
          )
        }
      </LoadStates>
    </div>
  );
}
