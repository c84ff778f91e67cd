import {
  byName,
  departmentLabel,
  readsCosts,
  roleIs,
  USER_SEARCH_DEBOUNCE_MS,
  type UserDto,
} from '@caliber/contracts';
import {
  Button,
  EmptyState,
  ErrorBox,
  LoadingState,
  SelectField,
  StepPager,
  TOAST_LONG_MS,
  useToast,
} from '@caliber/ui-kit';
import {
  errorMessage,
  Link,
  useCurrentUser,
  useHospitalLists,
  useProductName,
  useAddressFilters,
  useAddressSearch,
} from '@caliber/web';
import { useCallback, useEffect, useState } from 'react';
import { DeleteUserDialog } from '../components/DeleteUserDialog';
import { RosterImportDialog } from '../components/RosterImportDialog';
import { UserFormModal } from '../components/UserFormModal';
import { UserTable } from '../components/UserTable';
import { useRosterExport } from '../hooks/use-roster-export';
import { useUserList } from '../hooks/user-queries';
import { importedMessage } from '../utils/roster-file';
import {
  ACTIVE_FILTER_CHOICES,
  ROLE_FILTER_CHOICES,
  pageLine,
  userFiltersOf,
  type ActiveFilter,
  type RoleFilter,
  type UserListFilters,
} from '../utils/user-list-query';
import { canManageRoster } from '../utils/user-permissions';
import '../users.css';

const SAVED_MESSAGE_MS = 2000;

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; user: UserDto }
  | { kind: 'delete'; user: UserDto }
  | { kind: 'import' }
  | null;

/**
 * /users: the roster, 12 a page, with search (name, service number, e-mail, phone), role,
 * department and active filters kept in the address. Engineers and Admins add, edit and delete in
 * modals, import a roster file (preview, then apply) and export the roster as XLSX; anyone else
 * sees 'Read-only'. A change made anywhere reloads the page (`user:changed`).
 */
export function UserManagementPage() {
  const viewer = useCurrentUser();
  const product = useProductName();
  // Every department, retired ones too: staff may still be in one.
  const { lists } = useHospitalLists();
  const departmentFilter = [...(lists?.departments ?? [])].sort((a, b) => byName(a.name, b.name));
  const { params, update } = useAddressFilters<Exclude<keyof UserListFilters, 'page'>>();
  const filters = userFiltersOf(params);
  const [search, setSearch] = useAddressSearch(filters.q, update, USER_SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const toast = useToast();
  const list = useUserList(filters);
  const { data } = list;
  const error = list.isError ? errorMessage(list.error, 'Failed to load users.') : null;
  const loading = list.isFetching;
  const reload = () => void list.refetch();
  const manages = canManageRoster(viewer);

  // Deleting the last person of the last page leaves a page past the end: show the last one.
  useEffect(() => {
    if (data && data.pages >= 1 && filters.page > data.pages) update({ page: String(data.pages) });
  }, [data, filters.page, update]);

  const exportFailed = useCallback((text: string) => toast.error(text), [toast]);
  const { exportRoster, exporting } = useRosterExport(exportFailed);
  // The saves themselves ask the list again (the roster's query keys); this closes the dialog and
  // says what was done.
  const saved = (text: string, long = false) => {
    setDialog(null);
    toast.success(text, { durationMs: long ? TOAST_LONG_MS : SAVED_MESSAGE_MS });
  };

  return (
    <div className="page users-page">
      <header className="page__header">
        <div>
          <h1>User Management</h1>
          <p className="page__subtitle">The staff roster: who may sign in, and with which role.</p>
        </div>
        {manages ? (
          <div className="users-actions">
            {/* Admins look after the service: whether the staff's e-mails and SMS went out. */}
            {roleIs(viewer.role, 'Admin') ? (
              <>
                <Link className="ck-button ck-button--secondary" to="/users/notification-deliveries">
                  Notification deliveries
                </Link>
                <Link className="ck-button ck-button--secondary" to="/users/on-call">
                  On-call rota
                </Link>
              </>
            ) : null}
            {/* Those who oversee the work (Engineers, Managers, Admins) read what an hour of it costs. */}
            {readsCosts(viewer.role) ? (
              <Link className="ck-button ck-button--secondary" to="/users/labour-rates">
                Labour rates
              </Link>
            ) : null}
            <Button
              variant="secondary"
              onClick={() => void exportRoster()}
              busy={exporting}
              busyLabel="Exporting..."
            >
              Export
            </Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
              Import
            </Button>
            <Button onClick={() => setDialog({ kind: 'add' })}>Add User</Button>
          </div>
        ) : null}
      </header>

      <div className="ck-filters" role="search">
        <div className="ck-field ck-filters__search">
          <label className="ck-field__label" htmlFor="users-search">
            Search
          </label>
          <input
            id="users-search"
            className="ck-input"
            type="search"
            placeholder="Name, service number, e-mail or phone"
            maxLength={100}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectField<RoleFilter | ''>
          label="Role"
          value={filters.role}
          onChange={(role) => update({ role })}
          options={ROLE_FILTER_CHOICES}
        />
        <SelectField
          label="Department"
          value={filters.department}
          onChange={(department) => update({ department })}
          options={[
            { value: '', label: 'All Departments' },
            ...departmentFilter.map(({ name, retired }) => ({
              value: name,
              label: `${departmentLabel(name, product)}${retired ? ' (retired)' : ''}`,
            })),
          ]}
        />
        <SelectField<ActiveFilter>
          label="Active"
          value={filters.active}
          onChange={(active) => update({ active })}
          options={ACTIVE_FILTER_CHOICES}
        />
      </div>

      {error ? (
        <ErrorBox>
          {error}{' '}
          <Button variant="link" onClick={reload}>
            Retry
          </Button>
        </ErrorBox>
      ) : null}

      {data ? (
        <>
          <div className="users-count" aria-live="polite">
            <p className="users-count__line">Total: {data.total}</p>
            {loading ? (
              <span className="ck-spinner ck-spinner--small" aria-label="Updating" role="status" />
            ) : null}
          </div>
          {data.users.length === 0 ? (
            <EmptyState title="No users found" text="Users will appear here when added to the system." />
          ) : (
            <UserTable
              users={data.users}
              viewer={viewer}
              onEdit={(user) => setDialog({ kind: 'edit', user })}
              onDelete={(user) => setDialog({ kind: 'delete', user })}
            />
          )}
          <StepPager
            page={data.page}
            pages={data.pages}
            line={pageLine(data.page, data.pages)}
            label="User pages"
            onPage={(page) => update({ page: String(page) })}
          />
        </>
      ) : !error ? (
        <LoadingState text="Loading users…" />
      ) : null}

      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <UserFormModal
          user={dialog.kind === 'edit' ? dialog.user : null}
          viewer={viewer}
          onClose={() => setDialog(null)}
          onSaved={(user, added) => saved(added ? 'User created successfully!' : `${user.name} saved.`)}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <RosterImportDialog
          onClose={() => setDialog(null)}
          onImported={(result) => saved(importedMessage(result), true)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteUserDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onDeleted={(user) => saved(`${user.name} was removed from the roster.`)}
        />
      ) : null}
    </div>
  );
}
