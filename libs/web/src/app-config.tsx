import {
  APP_CONFIG_PATH,
  DEFAULT_API_BASE_PATH,
  DEFAULT_PRODUCT_NAME,
  REMOTE_NAMES,
  defaultRemoteEntry,
  type AppConfig,
} from '@caliber/contracts';
import { createContext, useContext, type ReactNode } from 'react';

export const DEFAULT_APP_CONFIG: AppConfig = {
  productName: DEFAULT_PRODUCT_NAME,
  apiBaseUrl: DEFAULT_API_BASE_PATH,
  socketUrl: '',
  timeZone: '',
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, defaultRemoteEntry(name)]),
  ) as AppConfig['remotes'],
};

/**
 * Reads the run-time configuration. When it cannot be read the defaults (same origin, `/api`)
 * still give a working app, so sign-in is never blocked by this file.
 */
export async function loadAppConfig(): Promise<AppConfig> {
  try {
    const response = await fetch(APP_CONFIG_PATH, { headers: { accept: 'application/json' } });
    if (!response.ok) return DEFAULT_APP_CONFIG;
    const loaded = (await response.json()) as Partial<AppConfig>;
    return {
      ...DEFAULT_APP_CONFIG,
      ...loaded,
      remotes: { ...DEFAULT_APP_CONFIG.remotes, ...loaded.remotes },
    };
  } catch {
    return DEFAULT_APP_CONFIG;
  }
}

const AppConfigContext = createContext<AppConfig>(DEFAULT_APP_CONFIG);

export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}

/** The hospital's time zone from the run-time configuration; empty when the gateway does not say. */
export function useHospitalTimeZone(): string {
  return useAppConfig().timeZone;
}

/**
 * The zone screens show times in: the hospital's (the one the servers' calendar days are in), or,
 * when the gateway does not say or names a zone this browser does not know, the browser's own.
 */
export function shownTimeZone(hospitalZone: string): string {
  if (hospitalZone) {
    try {
      new Intl.DateTimeFormat(undefined, { timeZone: hospitalZone });
      return hospitalZone;
    } catch {
      // An unknown zone: fall back to the browser's.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The configured product name (`PRODUCT_NAME`, 'Caliber' by default), shown wherever a text names the product. */
export function useProductName(): string {
  return useAppConfig().productName;
}
