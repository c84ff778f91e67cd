import { departmentLabel, EQUIPMENT_PAGER_WINDOW, type EquipmentListResponse } from '@caliber/contracts';
import { CountLines, EmptyState, LoadStates, PageHeader, Pager, TextField } from '@caliber/ui-kit';
import {
  errorMessage,
  Link,
  useAddressFilters,
  useAddressSearch,
  useCurrentUser,
  useNavigate,
  useProductName,
} from '@caliber/web';
import { EquipmentCard } from '../components/EquipmentCard';
import { filtersOf, useEquipmentList, type ListFilters } from '../hooks/use-equipment-list';
import { showingLine } from '../utils/count-line';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * /equipment for clinical staff: the devices of the ward they work in, read only. The service
 * answers their ward's devices whatever is asked, so the screen offers a search and the pager, and
 * each card opens the device's own page (the one its QR label opens), where they report a fault.
 * Nothing here adds, edits, imports, exports or prints.
 */
export function WardDevicesPage() {
  const user = useCurrentUser();
  const product = useProductName();
  const navigate = useNavigate();
  const { params, update } = useAddressFilters<Exclude<keyof ListFilters, 'page'>>();
  const filters = filtersOf(params);
  const [search, setSearch] = useAddressSearch(filters.q, update, SEARCH_DEBOUNCE_MS);
  const inventory = useEquipmentList(filters);
  const list: EquipmentListResponse | null = inventory.data?.list ?? null;
  const error = inventory.isError ? errorMessage(inventory.error, 'Failed to fetch equipment') : null;
  const ward = user.department ? departmentLabel(user.department, product) : '';

  return (
    <div className="page equipment-page">
      <PageHeader
        title="Ward devices"
        description={ward ? `The devices of ${ward}.` : 'The devices of your ward.'}
        actions={
          <Link className="ck-button ck-button--primary" to="/report-issue">
            Report a fault
          </Link>
        }
      />
      <div className="ck-filters" role="search">
        <TextField
          label="Search"
          id="ward-device-search"
          className="ck-filters__search"
          type="search"
          placeholder="Name, serial number, model or location"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <LoadStates
        data={list}
        error={error}
        onRetry={() => void inventory.refetch()}
        loadingText="Loading equipment…"
      >
        {(list) => (
          <>
            <CountLines
              line={`${list.total} device${list.total === 1 ? '' : 's'}${ward ? ` in ${ward}` : ''}`}
              notes={[showingLine(list.page, list.limit, list.equipment.length, list.total)]}
              updating={inventory.isFetching}
            />
            {list.equipment.length === 0 ? (
              <EmptyState
                title="No devices found"
                text={
                  filters.q
                    ? 'Try another search.'
                    : 'Your ward has no devices on the inventory, or your roster entry names no ward: ask the biomedical engineering department.'
                }
              />
            ) : (
              <div className="ck-card-grid equipment-grid">
                {list.equipment.map((item) => (
                  <EquipmentCard
                    key={item._id}
                    item={item}
                    onOpen={(opened) => navigate(`/equipment/${encodeURIComponent(opened._id)}`)}
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
    </div>
  );
}
