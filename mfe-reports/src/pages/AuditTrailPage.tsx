import {
  AUDIT_READ_REFUSAL,
  AUDIT_SERVICE_LABELS,
  mayReadAuditTrail,
  type AuditTrailPage as AuditPage,
  type AuditTrailRow,
  type EquipmentDetail,
  type EquipmentListResponse,
} from '@caliber/contracts';
import { Button, Card, EmptyState, LoadStates, PageHeader, SelectField, TextField } from '@caliber/ui-kit';
import {
  apiQuery,
  auditKeys,
  errorMessage,
  Link,
  useAddressFilters,
  useCurrentUser,
  shownTimeZone,
  useHospitalTimeZone,
} from '@caliber/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStaffChoices } from '../hooks/use-staff-choices';
import { auditValue, auditWhat, fieldLabel } from '../utils/audit-labels';
import '../reports.css';

const FILTERS = ['equipment', 'person', 'from', 'to'] as const;
type AuditFilter = (typeof FILTERS)[number];

/**
 * /audit: who changed what and when, with each field's old and new value, from every part of
 * Caliber (read through the services, merged by time, newest first). Filtered by device, person
 * and period, all kept in the address (`?equipment=&person=&from=&to=`), so the device page and
 * the staff list link straight to a filtered trail. Engineers, Managers and Admins only: the rows
 * hold staff's personal details; anyone else is told so.
 */
export function AuditTrailPage() {
  const user = useCurrentUser();
  if (!mayReadAuditTrail(user.role))
    return (
      <div className="page reports-page">
        <PageHeader title="Audit trail" />
        <EmptyState title="Not available to your role" text={AUDIT_READ_REFUSAL} />
      </div>
    );
  return <AuditTrail />;
}

/** The trail's query string: the filters set, and the cursor of the page asked for. */
export function auditQuery(filters: Record<AuditFilter, string>, cursor: string | undefined): string {
  const query = new URLSearchParams();
  for (const name of FILTERS) if (filters[name]) query.set(name, filters[name]);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

function AuditTrail() {
  const user = useCurrentUser();
  const { params, update } = useAddressFilters<AuditFilter>();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<
    AuditFilter,
    string
  >;
  const filterKey = FILTERS.map((name) => filters[name]).join('|');
  // The cursors of the pages before this one (Newer goes back), for these filters only.
  const [trail, setTrail] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] });
  const cursors = trail.key === filterKey ? trail.cursors : [];
  const query = auditQuery(filters, cursors.at(-1));
  const changes = useQuery({
    queryKey: auditKeys.page(query),
    queryFn: apiQuery<AuditPage>(`/audit?${query}`),
    placeholderData: keepPreviousData,
  });
  const { data } = changes;
  const loading = changes.isFetching;
  const error = changes.isError ? errorMessage(changes.error, 'Failed to load the audit trail') : null;

  const older = () => data?.next && setTrail({ key: filterKey, cursors: [...cursors, data.next] });
  const newer = () => setTrail({ key: filterKey, cursors: cursors.slice(0, -1) });
  const pageNumber = cursors.length + 1;

  return (
    <div className="page reports-page audit-page">
      <PageHeader
        title="Audit trail"
        description="Every change to devices, tasks, PM plans, safety tests, recalls, staff and reports: who made it, when, and each value before and after."
      />
      <Card title="Filters" className="audit-filters">
        <div className="audit-filters__grid">
          <DeviceFilter id={filters.equipment} onChange={(equipment) => update({ equipment })} />
          <PersonFilter
            id={filters.person}
            me={{ id: user._id, name: user.name }}
            onChange={(person) => update({ person })}
          />
          <TextField
            label="From"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => update({ from: event.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => update({ to: event.target.value })}
          />
        </div>
        {FILTERS.some((name) => filters[name]) ? (
          <Button variant="link" onClick={() => update({ equipment: '', person: '', from: '', to: '' })}>
            Clear filters
          </Button>
        ) : null}
      </Card>
      <section className="reports-section" aria-label="Changes">
        <LoadStates
          data={data}
          error={error}
          onRetry={() => void changes.refetch()}
          loadingText="Loading the audit trail..."
        >
          {(page) =>
            page.rows.length === 0 ? (
              <EmptyState
                title="No changes found"
                text={pageNumber > 1 ? 'There are no older changes.' : 'No change matches these filters.'}
              />
            ) : (
              <AuditTable rows={page.rows} />
            )
          }
        </LoadStates>
        <nav className="audit-pager" aria-label="Audit trail pages">
          <Button variant="secondary" disabled={cursors.length === 0 || loading} onClick={newer}>
            ← Newer
          </Button>
          <span className="audit-pager__page" aria-live="polite">
            Page {pageNumber}
          </span>
          <Button variant="secondary" disabled={!data?.next || loading} onClick={older}>
            Older →
          </Button>
        </nav>
      </section>
    </div>
  );
}

/** When a change was made, to the second (several changes often fall in one minute), in `timeZone`. */
function whenText(at: string, timeZone: string): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
}

function AuditTable({ rows }: { rows: AuditTrailRow[] }) {
  const timeZone = shownTimeZone(useHospitalTimeZone());
  const zoneName = timeZone.replace(/_/g, ' ');
  return (
    <div className="ck-table-frame">
      <table className="ck-table audit-table">
        <thead>
          <tr>
            <th scope="col">When ({zoneName} time)</th>
            <th scope="col">Who</th>
            <th scope="col">Where</th>
            <th scope="col">What</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td data-label={`When (${zoneName} time)`} className="reports-table__nowrap">
                {whenText(row.at, timeZone)}
              </td>
              <td data-label="Who">
                <span>
                  {row.actor.name ?? row.actor.label}
                  {row.actor.name ? <span className="reports-table__note">{row.actor.label}</span> : null}
                </span>
              </td>
              <td data-label="Where">{AUDIT_SERVICE_LABELS[row.service]}</td>
              <td data-label="What">
                <span>
                  {row.entity === 'equipment' ? (
                    <Link to={`/equipment/${row.entityId}`}>{auditWhat(row)}</Link>
                  ) : (
                    auditWhat(row)
                  )}
                </span>
              </td>
              <td data-label="Changes">
                <Changes changes={row.changes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Changes({ changes }: { changes: AuditTrailRow['changes'] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="reports-table__note">No field values recorded</span>;
  return (
    <dl className="audit-changes">
      {fields.map(([field, change]) => (
        <div key={field} className="audit-changes__field">
          <dt>{fieldLabel(field)}</dt>
          <dd>
            <span className="audit-changes__from">{auditValue(change.from, field)}</span>
            <span className="visually-hidden"> changed to</span>
            <span aria-hidden="true"> → </span>
            <span className="audit-changes__to">{auditValue(change.to, field)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The device filter: the chosen device by name (from the address), or a search of the inventory. */
function DeviceFilter({ id, onChange }: { id: string; onChange(id: string): void }) {
  const [search, setSearch] = useState('');
  const chosen = useQuery({
    queryKey: auditKeys.device(id),
    queryFn: apiQuery<EquipmentDetail>(`/equipment/${encodeURIComponent(id)}`),
    enabled: Boolean(id),
  });
  const term = search.trim();
  const searching = !id && term.length >= 2;
  const matches = useQuery({
    queryKey: auditKeys.deviceSearch(term),
    queryFn: apiQuery<EquipmentListResponse>(`/equipment?q=${encodeURIComponent(term)}&limit=8`),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  if (id)
    return (
      <div className="audit-filter">
        <span className="audit-filter__label">Device</span>
        <span className="audit-filter__chosen">
          {chosen.data
            ? `${chosen.data.name} (${chosen.data.serialNumber})`
            : chosen.isError
              ? 'A removed device'
              : '…'}
          <Button variant="link" onClick={() => onChange('')}>
            Any device
          </Button>
        </span>
      </div>
    );
  return (
    <div className="audit-filter">
      <TextField
        label="Device"
        placeholder="Name or serial number"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {matches.data && searching ? (
        <ul className="audit-filter__matches" aria-label="Matching devices">
          {matches.data.equipment.length === 0 ? <li>No device matches.</li> : null}
          {matches.data.equipment.map((device) => (
            <li key={device._id}>
              <Button variant="link" onClick={() => onChange(device._id)}>
                {device.name} ({device.serialNumber})
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The person filter: anyone, oneself, or one of the staff who do the work. */
function PersonFilter({
  id,
  me,
  onChange,
}: {
  id: string;
  me: { id: string; name: string };
  onChange(id: string): void;
}) {
  const staff = useStaffChoices('Failed to load staff');
  const people = staff.people.filter((person) => person._id !== me.id);
  const options = [
    { value: '', label: 'Anyone' },
    { value: me.id, label: `Me (${me.name})` },
    ...people.map((person) => ({ value: person._id, label: `${person.name} (${person.serviceNumber})` })),
  ];
  if (id && !options.some((option) => option.value === id))
    options.push({ value: id, label: 'The chosen person' });
  return <SelectField label="Person" value={id} options={options} onChange={onChange} />;
}
