import {
  departmentLabel,
  EQUIPMENT_PAGER_WINDOW,
  hasFullAccess,
  isClinical,
  type EquipmentListResponse,
  type InventoryExportFormat,
  type RiskClassFilter,
} from '@caliber/contracts';
import {
  Button,
  CountLines,
  EmptyState,
  ErrorState,
  LoadStates,
  PageHeader,
  Pager,
  SelectField,
  TextField,
} from '@caliber/ui-kit';
import {
  errorMessage,
  Link,
  useAddressFilters,
  useAddressSearch,
  useCurrentUser,
  useLiveEvent,
  useProductName,
} from '@caliber/web';
import { useState } from 'react';
import { AddEquipmentForm } from '../components/AddEquipmentForm';
import { EquipmentCard } from '../components/EquipmentCard';
import { EquipmentDetailDialog } from '../components/EquipmentDetailDialog';
import { ExportMenu } from '../components/ExportMenu';
import { PrintLabelsDialog } from '../components/PrintLabelsDialog';
import { SelectionBar } from '../components/SelectionBar';
import { useDownload } from '../hooks/use-download';
import { filtersOf, useEquipmentList, type ListFilters } from '../hooks/use-equipment-list';
import { useSelection } from '../hooks/use-selection';
import { countLine, showingLine } from '../utils/count-line';
import { EXPORT_CHOICES, exportPath, filtersKey } from '../utils/inventory-files';
import { WardDevicesPage } from './WardDevicesPage';
import '../equipment.css';

const SEARCH_DEBOUNCE_MS = 300;

const RISK_CLASS_CHOICES: { value: RiskClassFilter | ''; label: string }[] = [
  { value: '', label: 'All Risk Classes' },
  { value: 'High', label: 'High' },
  { value: 'Medium', label: 'Medium' },
  { value: 'Low', label: 'Low' },
  { value: 'unassessed', label: 'Not assessed' },
];

/** Filter choices from the data, with the chosen one kept even if no item has it any more. */
function choices(
  first: string,
  present: readonly string[],
  chosen: string,
  label: (value: string) => string = (value) => value,
) {
  const values = chosen && !present.includes(chosen) ? [...present, chosen] : present;
  return [{ value: '', label: first }, ...values.map((value) => ({ value, label: label(value) }))];
}

/**
 * /equipment: search, department, status and risk filters, the count lines, the card grid with its
 * pager, the inline Add Equipment form, and an item's details. Filters and page live in the
 * address, so a filtered view can be bookmarked or shared. The inventory goes out as it is
 * filtered (Export) and onto sheets of QR labels (Print labels, for the devices selected on the
 * cards or all that match); Engineers and Admins bring a hospital's inventory in (Import).
 */
export function EquipmentInventoryPage() {
  const user = useCurrentUser();
  // Clinical staff see their ward's devices, read only: a screen of its own.
  return isClinical(user.role) ? <WardDevicesPage /> : <StaffInventoryPage />;
}

function StaffInventoryPage() {
  const user = useCurrentUser();
  const product = useProductName();
  // The open item is a record over the list: opening it keeps the page and adds a history entry.
  const { params, update } = useAddressFilters<Exclude<keyof ListFilters, 'page'> | 'item'>({
    recordKeys: ['item'],
  });
  const filters = filtersOf(params);
  const [search, setSearch] = useAddressSearch(filters.q, update, SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const [printing, setPrinting] = useState(false);
  const inventory = useEquipmentList(filters);
  const list: EquipmentListResponse | null = inventory.data?.list ?? null;
  const shownFilters = inventory.data?.filters ?? filters;
  const error = inventory.isError ? errorMessage(inventory.error, 'Failed to fetch equipment') : null;
  const reload = () => void inventory.refetch();
  const selection = useSelection(filtersKey(filters));
  const exporter = useDownload();
  const openId = params.get('item');

  // A deleted device cannot be printed: it leaves the selection too.
  useLiveEvent('equipment:deleted', ({ _id }) => selection.remove(_id));

  function exportAs(format: InventoryExportFormat) {
    const choice = EXPORT_CHOICES.find((candidate) => candidate.format === format);
    void exporter.download({
      name: 'export',
      path: exportPath(filters, format),
      accept: choice?.accept ?? 'application/octet-stream',
      fallbackName: `inventory.${format}`,
      failure: 'Failed to export the inventory.',
    });
  }

  return (
    <div className="page equipment-page">
      <PageHeader
        title="Equipment Inventory"
        description="Every device the department looks after."
        actions={
          <>
            <Link className="ck-button ck-button--secondary" to="/equipment/recalls">
              Recalls
            </Link>
            {hasFullAccess(user.role) ? (
              <Link className="ck-button ck-button--secondary" to="/equipment/import">
                Import
              </Link>
            ) : null}
            {hasFullAccess(user.role) ? (
              <Link className="ck-button ck-button--secondary" to="/equipment/safety-tests/import">
                Import safety tests
              </Link>
            ) : null}
            <ExportMenu onExport={exportAs} busy={exporter.busy === 'export'} />
            <Button variant="secondary" onClick={() => setPrinting(true)}>
              Print labels
            </Button>
            <Button
              variant={adding ? 'secondary' : 'primary'}
              aria-expanded={adding}
              onClick={() => setAdding(!adding)}
            >
              {adding ? 'Hide Add Equipment' : 'Add Equipment'}
            </Button>
          </>
        }
      />

      <ErrorState message={exporter.error} action="Dismiss" onAction={exporter.reset} />

      {adding ? (
        <section className="ck-card inline-add" aria-label="Add Equipment form">
          <AddEquipmentForm />
        </section>
      ) : null}

      <div className="ck-filters" role="search">
        <TextField
          label="Search"
          id="equipment-search"
          className="ck-filters__search"
          type="search"
          placeholder="Name, serial number, model, manufacturer or location"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField
          label="Department"
          value={filters.department}
          onChange={(department) => update({ department })}
          options={choices('All Departments', list?.filters.departments ?? [], filters.department, (name) =>
            departmentLabel(name, product),
          )}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(status) => update({ status })}
          options={choices('All Statuses', list?.filters.statuses ?? [], filters.status)}
        />
        <SelectField<RiskClassFilter | ''>
          label="Risk class"
          value={filters.riskClass}
          onChange={(riskClass) => update({ riskClass })}
          options={RISK_CLASS_CHOICES}
        />
        <label className="ck-filters__check">
          <input
            type="checkbox"
            checked={filters.pmProgram === 'unplanned'}
            onChange={(event) => update({ pmProgram: event.target.checked ? 'unplanned' : '' })}
          />
          In PM program without a plan
        </label>
        <label className="ck-filters__check">
          <input
            type="checkbox"
            checked={filters.recall === 'open'}
            onChange={(event) => update({ recall: event.target.checked ? 'open' : '' })}
          />
          Open recall
        </label>
      </div>

      <LoadStates data={list} error={error} onRetry={reload} loadingText="Loading equipment…">
        {(list) => (
          <>
            <CountLines
              line={countLine(
                list.total,
                departmentLabel(shownFilters.department, product),
                shownFilters.status,
                shownFilters.q,
              )}
              notes={[showingLine(list.page, list.limit, list.equipment.length, list.total)]}
              updating={inventory.isFetching}
            />
            {list.equipment.length > 0 ? (
              <SelectionBar
                pageIds={list.equipment.map((item) => item._id)}
                selection={selection}
                onPrint={() => setPrinting(true)}
              />
            ) : null}
            {list.equipment.length === 0 ? (
              <EmptyState
                title="No equipment found"
                text="Try adjusting your search or filter to find what you're looking for."
              />
            ) : (
              <div className="ck-card-grid equipment-grid">
                {list.equipment.map((item) => (
                  <EquipmentCard
                    key={item._id}
                    item={item}
                    onOpen={(opened) => update({ item: opened._id })}
                    selected={selection.ids.has(item._id)}
                    onSelect={(chosen, selected) => selection.set([chosen._id], selected)}
                  />
                ))}
              </div>
            )}
            <Pager
              page={list.page}
              totalPages={list.pages}
              window={EQUIPMENT_PAGER_WINDOW}
              label="Equipment pages"
              onPage={(page) => update({ page: String(page) })}
            />
          </>
        )}
      </LoadStates>

      {openId ? <EquipmentDetailDialog id={openId} onClose={() => update({ item: '' })} /> : null}
      {printing ? (
        <PrintLabelsDialog
          selected={[...selection.ids]}
          matching={list?.total ?? 0}
          filters={shownFilters}
          onClose={() => setPrinting(false)}
        />
      ) : null}
    </div>
  );
}
