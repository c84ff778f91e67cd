import {
  byName,
  departmentLabel,
  listNameKey,
  roleIs,
  type DepartmentEntryDto,
  type ListEntryDto,
  type ListKind,
} from '@caliber/contracts';
import { Card, LoadStates, PageHeader, TextField } from '@caliber/ui-kit';
import { Link, useCurrentUser, useHospitalLists, useProductName } from '@caliber/web';
import { useState } from 'react';
import { AddEntryForm } from './AddEntryForm';
import { ListEntryRow } from './ListEntryRow';
import { useListChanges } from './use-list-changes';

/**
 * The hospital's own lists: departments with their wards, and equipment categories. Everyone sees
 * them; Admins add, rename, retire and restore entries (the equipment service enforces it). The
 * page follows changes made elsewhere (`lists:changed`).
 */
export function HospitalListsPage() {
  const user = useCurrentUser();
  const product = useProductName();
  const { lists, error, reload } = useHospitalLists();
  const [search, setSearch] = useState('');
  const changes = useListChanges(reload);
  const canChange = roleIs(user?.role, 'Admin');
  const key = listNameKey(search);
  const matches = (entry: ListEntryDto) =>
    !key ||
    listNameKey(entry.name).includes(key) ||
    entry.formerNames.some((old) => listNameKey(old.name).includes(key));
  const departments = (lists?.departments ?? [])
    .filter((entry) => matches(entry) || entry.wards.some(matches))
    .sort((a, b) => byName(departmentLabel(a.name, product), departmentLabel(b.name, product)));
  const categories = (lists?.categories ?? []).filter(matches).sort((a, b) => byName(a.name, b.name));

  return (
    <div className="page hospital-lists">
      <PageHeader
        title="Hospital lists"
        description={
          <>
            The departments (with their wards) and equipment categories that forms, filters, imports and
            reports offer.{' '}
            {canChange
              ? 'A renamed entry keeps its old name: every record carrying it is renamed, and the old name still finds it. A retired entry is no longer offered for new records and stays on the records that carry it.'
              : 'Only Admins change these lists.'}
          </>
        }
        actions={
          <Link className="ck-button ck-button--secondary" to="/settings">
            Back to Settings
          </Link>
        }
      />
      <LoadStates data={lists} error={lists ? null : error} onRetry={reload} loadingText="Loading the lists…">
        {(lists) => (
          <>
            <div className="hospital-lists__search">
              <TextField
                label="Search the lists"
                type="search"
                value={search}
                placeholder="A name, or a former name"
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="hospital-lists__grid">
              <Card
                title="Departments"
                titleId="lists-departments"
                description={`${lists.departments.filter((entry) => !entry.retired).length} in use, each with its wards.`}
              >
                {canChange ? (
                  <AddEntryForm kind="department" label="New department" changes={changes} />
                ) : null}
                <EntryList
                  kind="department"
                  entries={departments}
                  canChange={canChange}
                  changes={changes}
                  empty={search ? 'No department matches.' : 'No departments yet.'}
                />
              </Card>
              <Card
                title="Equipment categories"
                titleId="lists-categories"
                description={`${lists.categories.filter((entry) => !entry.retired).length} in use.`}
              >
                {canChange ? <AddEntryForm kind="category" label="New category" changes={changes} /> : null}
                <EntryList
                  kind="category"
                  entries={categories}
                  canChange={canChange}
                  changes={changes}
                  empty={search ? 'No category matches.' : 'No categories yet.'}
                />
              </Card>
            </div>
          </>
        )}
      </LoadStates>
    </div>
  );
}

function EntryList({
  kind,
  entries,
  canChange,
  changes,
  empty,
}: {
  kind: ListKind;
  entries: (ListEntryDto | DepartmentEntryDto)[];
  canChange: boolean;
  changes: ReturnType<typeof useListChanges>;
  empty: string;
}) {
  if (entries.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="list-entries" aria-label={kind === 'department' ? 'Departments' : 'Equipment categories'}>
      {entries.map((entry) => (
        <ListEntryRow key={entry._id} entry={entry} canChange={canChange} changes={changes} />
      ))}
    </ul>
  );
}
