import { CONTRACT_KIND_LABELS, keepsContracts, type ServiceContract } from '@caliber/contracts';
import {
  Badge,
  Card,
  ErrorState,
  FactList,
  formatDate,
  formatDateTime,
  formatMoney,
  LoadingState,
  PageHeader,
} from '@caliber/ui-kit';
import { errorMessage, Link, useCurrentUser, useParams } from '@caliber/web';
import type { ReactNode } from 'react';
import { useContract } from '../hooks/contract-queries';
import { localToday, modelName, renewalBadge, responseLine } from '../utils/contract-form';
import '../equipment.css';

const BACK = '/equipment/contracts';

/** "None" in the muted colour, for a part of the cover the contract does not name. */
const none = <span className="muted">None</span>;

/** What the contract covers: the devices it names (links to them), the models and the department. */
function ContractCover({ contract }: { contract: ServiceContract }) {
  const devices: ReactNode = contract.devices.length ? (
    <ul className="contract-cover__list">
      {contract.devices.map((device) => (
        <li key={device.id}>
          <Link to={`/equipment/${encodeURIComponent(device.id)}`}>{device.name}</Link>{' '}
          <span className="muted">{device.serialNumber}</span>
        </li>
      ))}
    </ul>
  ) : (
    none
  );
  const models: ReactNode = contract.models.length ? (
    <ul className="contract-cover__list">
      {contract.models.map((row) => (
        <li key={modelName(row)}>{modelName(row)}</li>
      ))}
    </ul>
  ) : (
    none
  );
  return (
    <Card title="What it covers" titleId="contract-cover-title">
      <p className="muted contract-cover__note">
        The devices named, every device of the models named, and every device of the department, from its
        first day to its last.
      </p>
      <FactList
        stacked
        facts={[
          [`Devices (${contract.devices.length})`, devices],
          [`Models (${contract.models.length})`, models],
          ['Department', contract.departmentName ?? none],
        ]}
      />
    </Card>
  );
}

/**
 * /equipment/contracts/:id (Engineers, Managers and Admins): one contract's terms, its cost, what
 * it covers, and who changed it last, with Edit.
 */
export function ContractPage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const query = useContract(id);
  const contract = query.data ?? null;
  const error = query.isError ? errorMessage(query.error, 'Failed to load the service contract') : null;
  const badge = contract ? renewalBadge(contract, localToday()) : null;

  return (
    <div className="page contracts-page">
      <PageHeader
        title={contract ? `${contract.vendorName} ${contract.reference}` : 'Service contract'}
        description={
          contract ? (
            <>
              {CONTRACT_KIND_LABELS[contract.kind]} · {formatDate(contract.startsOn)} to{' '}
              {formatDate(contract.endsOn)}
              {badge ? (
                <>
                  {' '}
                  <Badge tone={badge.tone}>{badge.text}</Badge>
                </>
              ) : null}
            </>
          ) : null
        }
        actions={
          <>
            {contract && keepsContracts(user.role) ? (
              <Link
                className="ck-button ck-button--secondary"
                to={`/equipment/contracts/${encodeURIComponent(contract.id)}/edit`}
              >
                Edit
              </Link>
            ) : null}
            <Link to={BACK}>Back to Service contracts</Link>
          </>
        }
      />

      {query.isPending ? <LoadingState text="Loading service contract…" /> : null}
      <ErrorState message={error} onAction={() => void query.refetch()} />
      {contract ? (
        <>
          <Card title="Terms" titleId="contract-terms-title">
            <FactList
              facts={[
                ['Vendor', contract.vendorName],
                ['Contract number', contract.reference],
                ['Kind', CONTRACT_KIND_LABELS[contract.kind]],
                ['First day', formatDate(contract.startsOn)],
                ['Last day', formatDate(contract.endsOn)],
                ['Annual cost', formatMoney(contract.annualCost, contract.currency)],
                ['Response time', responseLine(contract.responseHours)],
                ['Planned maintenance', contract.pmIncluded ? 'Included' : 'Not included'],
              ]}
            />
            {contract.notes ? (
              <>
                <h3 className="contract-page__label">Notes</h3>
                <p className="contract-page__text">{contract.notes}</p>
              </>
            ) : null}
            <p className="muted contract-page__by">
              Last changed {formatDateTime(contract.updatedAt)} by {contract.updatedByLabel}
            </p>
          </Card>
          <ContractCover contract={contract} />
        </>
      ) : null}
    </div>
  );
}
