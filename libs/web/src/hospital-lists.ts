import type { HospitalListsDto } from '@caliber/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { api, errorMessage } from './api-client';
import { useLiveEvent } from './live-events';

interface ListsState {
  lists: HospitalListsDto | null;
  error: string | null;
}

/**
 * The hospital lists (departments with their wards, equipment categories), asked for once per tab
 * and shared by every screen of every remote (this library is one shared copy), asked again when
 * an Admin changes them (`lists:changed`) or a screen asks (`reload`). Requests already under way
 * are shared, and a newer answer always wins.
 */
class HospitalListsStore {
  private state: ListsState = { lists: null, error: null };
  private readonly listeners = new Set<() => void>();
  private loading: Promise<void> | null = null;
  private again = false;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.state;

  /** Loads the lists unless they are here already (or `force`). */
  load(force = false): void {
    if (this.loading) {
      // Something changed while a request was under way: ask once more when it ends.
      if (force) this.again = true;
      return;
    }
    if (this.state.lists && !force) return;
    this.loading = api
      .get<HospitalListsDto>('/lists')
      .then(
        (lists) => this.set({ lists, error: null }),
        (error: unknown) =>
          this.set({
            lists: this.state.lists,
            error: errorMessage(error, 'Failed to load the hospital lists.'),
          }),
      )
      .finally(() => {
        this.loading = null;
        if (this.again) {
          this.again = false;
          this.load(true);
        }
      });
  }

  private set(state: ListsState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

const store = new HospitalListsStore();

export interface HospitalLists extends ListsState {
  reload(): void;
}

/** The hospital lists for a screen: null until the first answer; live while the screen shows. */
export function useHospitalLists(): HospitalLists {
  const state = useSyncExternalStore(store.subscribe, store.snapshot);
  useEffect(() => store.load(), []);
  useLiveEvent('lists:changed', () => store.load(true));
  return { ...state, reload: () => store.load(true) };
}
