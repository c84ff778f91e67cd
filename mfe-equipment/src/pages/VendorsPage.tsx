import {
  keepsVendors,
  VENDOR_KIND_LABELS,
  VENDOR_KINDS,
  type Vendor,
  type VendorKind,
} from '@caliber/contracts';
import {
  Badge,
  Button,
  Card,
  CountLines,
  EmptyState,
  LoadStates,
  PageHeader,
  Pager,
  SelectField,
  TextField,
  telHref,
} from '@caliber/ui-kit';
import { errorMessage, useAddressFilters, useAddressSearch, useCurrentUser } from '@caliber/web';
import { useEffect, useId, useState } from 'react';
import { VendorFormDialog } from '../components/VendorFormDialog';
import { useVendorList } from '../hooks/vendor-queries';
import { countLine, STATUS_CHOICES, vendorFiltersOf, vendorQueryOf } from '../utils/vendor-list';
import '../equipment.css';

const SEARCH_DEBOUNCE_MS = 300;

const KIND_CHOICES: readonly { value: VendorKind | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...VENDOR_KINDS.map((kind) => ({ value: kind, label: VENDOR_KIND_LABELS[kind] })),
];

/** The dialog open over the list: none, Add vendor, or Edit of one vendor. */
type Editing = { vendor: Vendor | null } | null;

/**
 * /equipment/vendors: the manufacturers, suppliers and service providers the department deals
 * with, and who to call at each. Every staff member reads them (a technician at a failed device
 * calls the vendor's number); Engineers, Managers and Admins add, change, retire and restore them.
 * A vendor is never deleted, since devices, parts and contracts name it: a retired one leaves the
 * active list and stays on record. The search, kind, status and page are kept in the address.
 */
export function VendorsPage() {
  const user = useCurrentUser();
  const keeper = keepsVendors(user.role);
  const { params, update } = useAddressFilters<'q' | 'kind' | 'status'>();
  const filters = vendorFiltersOf(params);
  const [search, setSearch] = useAddressSearch(filters.q, update, SEARCH_DEBOUNCE_MS);
  const list = useVendorList(vendorQueryOf(filters));
  const { data } = list;
  const error = list.isError ? errorMessage(list.error, 'Failed to load the vendors.') : null;
  const [editing, setEditing] = useState<Editing>(null);
  const filtered = Boolean(filters.q || filters.kind || filters.status !== 'active');

  // A page past the end (an old bookmark, the last vendor of a page retired): show the last one.
  useEffect(() => {
    if (data && data.pages >= 1 && filters.page > data.pages) update({ page: String(data.pages) });
  }, [data, filters.page, update]);

  return (
    <div className="page vendors-page">
      <PageHeader
        title="Vendors"
        description="Manufacturers, suppliers and service providers, with who to call."
        actions={keeper ? <Button onClick={() => setEditing({ vendor: null })}>Add vendor</Button> : null}
      />
      <div className="ck-filters vendor-filters" role="search">
        <TextField
          label="Search"
          className="ck-filters__search"
          type="search"
          placeholder="Name or contact"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField<VendorKind | ''>
          label="Kind"
          value={filters.kind}
          options={KIND_CHOICES}
          onChange={(kind) => update({ kind })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          options={STATUS_CHOICES}
          onChange={(status) => update({ status: status === 'active' ? '' : status })}
        />
      </div>
      <LoadStates
        data={data}
        error={error}
        onRetry={() => void list.refetch()}
        loadingText="Loading vendors…"
      >
        {(page) =>
          page.rows.length === 0 ? (
            <Card>
              <EmptyState
                title="No vendors found"
                text={
                  filtered
                    ? 'None matches the search and filters: try others.'
                    : keeper
                      ? 'Add the companies the department deals with, and who to call at each.'
                      : 'Engineers, Managers and Admins add them.'
                }
              />
            </Card>
          ) : (
            <>
              <CountLines line={countLine(page.total)} updating={list.isFetching} />
              <ul className="vendor-list" aria-label="Vendors">
                {page.rows.map((vendor) => (
                  <VendorRow
                    key={vendor.id}
                    vendor={vendor}
                    onEdit={keeper ? () => setEditing({ vendor }) : null}
                  />
                ))}
              </ul>
              {page.pages > 1 ? (
                <Pager
                  page={page.page}
                  totalPages={page.pages}
                  onPage={(next) => update({ page: String(next) })}
                  label="Vendor pages"
                />
              ) : null}
            </>
          )
        }
      </LoadStates>
      {editing ? <VendorFormDialog vendor={editing.vendor} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/**
 * One vendor: its name, what it is and whether it is retired, then who to call and how (the
 * number dials on a phone, the address opens the mail app, the website opens in a new tab) and its
 * notes. Edit for those who keep the list (`onEdit`).
 */
function VendorRow({ vendor, onEdit }: { vendor: Vendor; onEdit: (() => void) | null }) {
  const nameId = useId();
  return (
    <li className="vendor-row" aria-labelledby={nameId}>
      <div className="vendor-row__head">
        <h2 className="vendor-row__name" id={nameId}>
          {vendor.name}
        </h2>
        <div className="vendor-row__badges">
          {vendor.kinds.map((kind) => (
            <Badge key={kind} tone="blue">
              {VENDOR_KIND_LABELS[kind]}
            </Badge>
          ))}
          {vendor.retired ? <Badge tone="grey">Retired</Badge> : null}
        </div>
        {onEdit ? (
          <Button
            variant="secondary"
            size="small"
            className="vendor-row__edit"
            aria-label={`Edit ${vendor.name}`}
            onClick={onEdit}
          >
            Edit
          </Button>
        ) : null}
      </div>
      <VendorContact vendor={vendor} />
      {vendor.notes ? <p className="vendor-row__notes">{vendor.notes}</p> : null}
    </li>
  );
}

function VendorContact({ vendor }: { vendor: Vendor }) {
  const { contactName, phone, email, website } = vendor;
  if (!contactName && !phone && !email && !website)
    return <p className="vendor-row__contact muted">No contact recorded.</p>;
  return (
    <ul className="vendor-row__contact" aria-label={`Contact of ${vendor.name}`}>
      {contactName ? <li>{contactName}</li> : null}
      {phone ? (
        <li>
          <a href={telHref(phone)}>{phone}</a>
        </li>
      ) : null}
      {email ? (
        <li>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
      {website ? (
        <li>
          <a href={website} target="_blank" rel="noopener noreferrer">
            {website.replace(/^https?:\/\//i, '')}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
