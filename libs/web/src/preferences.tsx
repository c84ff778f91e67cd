import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readLocalPreferences, writeLocalPreferences, type LocalPreferences } from './storage';

interface PreferencesState {
  preferences: LocalPreferences;
  savePreferences(next: Partial<LocalPreferences>): void;
}

const PreferencesContext = createContext<PreferencesState | null>(null);

/**
 * Items per page, compact mode and live updates: kept on this device only, never on the server.
 * Compact mode tightens spacing everywhere through a `data-compact` attribute on the page.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState<LocalPreferences>(readLocalPreferences);
  useEffect(() => {
    document.documentElement.toggleAttribute('data-compact', preferences.compactMode);
  }, [preferences.compactMode]);
  useEffect(() => {
    // Another tab changed them: follow.
    const follow = () => setPreferences(readLocalPreferences());
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);
  const savePreferences = useCallback((next: Partial<LocalPreferences>) => {
    writeLocalPreferences(next);
    setPreferences(readLocalPreferences());
  }, []);
  const value = useMemo(() => ({ preferences, savePreferences }), [preferences, savePreferences]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesState {
  const state = useContext(PreferencesContext);
  if (!state) throw new Error('usePreferences must be used inside PreferencesProvider');
  return state;
}

/**
 * The page size of a paged list: the person's Items per page once they have picked one (it applies
 * to every paged list), else the screen's own size (the inventory's 9, the tasks' 8, …).
 */
export function usePageSize(screenDefault: number): number {
  return usePreferences().preferences.itemsPerPage ?? screenDefault;
}
