import {
  PAGE_SIZES,
  PM_PROGRAM_FILTERS,
  RECALL_FILTERS,
  type RecallFilter,
  RISK_CLASS_FILTERS,
  type PmProgramFilter,
  type RiskClassFilter,
  type EquipmentDto,
  type EquipmentListResponse,
} from '@caliber/contracts';
import {
  apiQuery,
  equipmentKeys,
  invalidates,
  useLiveQueryUpdates,
  usePageSize,
  type LiveCacheRules,
} from '@caliber/web';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';

export interface ListFilters {
  q: string;
  department: string;
  status: string;
  /** A risk class, 'unassessed', or '' for all. */
  riskClass: RiskClassFilter | '';
  /** 'unplanned': in the PM program without a plan. */
  pmProgram: PmProgramFilter | '';
  /** 'open': devices with a recall action still open. */
  recall: RecallFilter | '';
  page: number;
}

/** A page of the inventory with the filters it was asked for: the count line describes these, not newer ones. */
export interface ShownPage {
  list: EquipmentListResponse;
  filters: ListFilters;
}

/** An item as a live event says it now is, in place of the one a cached page shows. */
function withItem(shown: ShownPage | undefined, changed: EquipmentDto): ShownPage | undefined {
  if (!shown) return shown;
  const equipment = shown.list.equipment.map((item) => (item._id === changed._id ? changed : item));
  return { ...shown, list: { ...shown.list, equipment } };
}

function withoutItem(shown: ShownPage | undefined, id: string): ShownPage | undefined {
  if (!shown) return shown;
  const equipment = shown.list.equipment.filter((item) => item._id !== id);
  return { ...shown, list: { ...shown.list, equipment } };
}

/**
 * How the inventory's cached pages follow live events: a changed item is put in place at once and
 * a deleted one taken out, then every page is asked again so counts and order stay true. An added
 * device or an applied import (one event for all its devices, so the list reloads once) asks again.
 */
export const LIST_LIVE_RULES: LiveCacheRules = {
  'equipment:created': invalidates(equipmentKeys.lists()),
  'equipment:updated': ({ equipment }, client) => {
    client.setQueriesData<ShownPage>({ queryKey: equipmentKeys.lists() }, (shown) =>
      withItem(shown, equipment),
    );
    void client.invalidateQueries({ queryKey: equipmentKeys.lists() });
  },
  'equipment:statusChanged': ({ equipment }, client) => {
    client.setQueriesData<ShownPage>({ queryKey: equipmentKeys.lists() }, (shown) =>
      withItem(shown, equipment),
    );
    void client.invalidateQueries({ queryKey: equipmentKeys.lists() });
  },
  'equipment:deleted': ({ _id }, client) => {
    client.setQueriesData<ShownPage>({ queryKey: equipmentKeys.lists() }, (shown) => withoutItem(shown, _id));
    void client.invalidateQueries({ queryKey: equipmentKeys.lists() });
  },
  'equipment:imported': invalidates(equipmentKeys.lists()),
};

export function listQuery(filters: ListFilters, pageSize: number): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(pageSize) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.department) params.set('department', filters.department);
  if (filters.status) params.set('status', filters.status);
  if (filters.riskClass) params.set('riskClass', filters.riskClass);
  if (filters.pmProgram) params.set('pmProgram', filters.pmProgram);
  if (filters.recall) params.set('recall', filters.recall);
  return params.toString();
}

/** A value the list offers, or '' (no filter) for anything else an address may hold. */
function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | '' {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : '';
}

/** The list filters in an address's query (or a list request's), with page 1 by default. */
export function filtersOf(params: URLSearchParams): ListFilters {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    department: params.get('department') ?? '',
    status: params.get('status') ?? '',
    riskClass: oneOf(RISK_CLASS_FILTERS, params.get('riskClass')),
    pmProgram: oneOf(PM_PROGRAM_FILTERS, params.get('pmProgram')),
    recall: oneOf(RECALL_FILTERS, params.get('recall')),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * One page of the inventory from the server, as many items as the person's Items per page (nine
 * until they pick one). While a new page or filter loads, the page shown stays (`keepPreviousData`)
 * with the filters it was asked for; live events keep it current (`LIST_LIVE_RULES`).
 */
export function useEquipmentList(filters: ListFilters) {
  const client = useQueryClient();
  useLiveQueryUpdates(client, LIST_LIVE_RULES);
  const query = listQuery(filters, usePageSize(PAGE_SIZES.equipment));
  const read = apiQuery<EquipmentListResponse>(`/equipment?${query}`);
  return useQuery({
    queryKey: equipmentKeys.list(query),
    queryFn: async (context): Promise<ShownPage> => ({
      list: await read(context),
      filters: filtersOf(new URLSearchParams(query)),
    }),
    placeholderData: keepPreviousData,
  });
}
