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
  type LiveEvent,
} from '@caliber/contracts';
import { api, errorMessage, useLiveEvents, usePageSize } from '@caliber/web';
import { useCallback, useEffect, useState } from 'react';

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

interface Answer {
  key: string;
  /** The filters this answer was asked for: the count line describes these, not newer ones. */
  filters: ListFilters;
  data: EquipmentListResponse | null;
  error: string | null;
}

const REFRESHING_EVENTS: readonly LiveEvent[] = [
  'equipment:created',
  'equipment:updated',
  'equipment:statusChanged',
  'equipment:deleted',
  // An applied import: one event for all its devices, so the list reloads once.
  'equipment:imported',
];

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
 * until they pick one). While a new page loads the previous one stays on screen. Live events merge
 * a changed item into the visible page at once, remove a deleted one, then reload quietly so
 * counts and order stay true; an applied import reloads the page.
 */
export function useEquipmentList(filters: ListFilters) {
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const query = listQuery(filters, usePageSize(PAGE_SIZES.equipment));
  const key = `${query}#${reloads}`;

  useEffect(() => {
    const controller = new AbortController();
    const requested = filtersOf(new URLSearchParams(query));
    api
      .get<EquipmentListResponse>(`/equipment?${query}`, { signal: controller.signal })
      .then((data) => setAnswer({ key, filters: requested, data, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer((previous) => ({
          key,
          filters: previous?.filters ?? requested,
          data: previous?.data ?? null,
          error: errorMessage(error, 'Failed to fetch equipment'),
        }));
      });
    return () => controller.abort();
  }, [query, key]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  useLiveEvents(REFRESHING_EVENTS, (event, payload) => {
    setAnswer((previous) => {
      if (!previous?.data) return previous;
      const changed = (payload as { equipment?: EquipmentDto }).equipment;
      const deletedId = event === 'equipment:deleted' ? (payload as { _id?: string })._id : undefined;
      const equipment = deletedId
        ? previous.data.equipment.filter((item) => item._id !== deletedId)
        : previous.data.equipment.map((item) => (changed && item._id === changed._id ? changed : item));
      return { ...previous, data: { ...previous.data, equipment } };
    });
    reload();
  });

  return {
    data: answer?.data ?? null,
    shownFilters: answer?.filters ?? filters,
    error: answer?.key === key ? answer.error : null,
    loading: answer?.key !== key,
    reload,
  };
}
