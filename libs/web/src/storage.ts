import { ITEMS_PER_PAGE_OPTIONS, STORAGE_KEYS, THEMES, type Theme, type UserDto } from '@caliber/contracts';

/**
 * What the browser keeps between visits: the session token and user, the theme,
 * and three preferences stored only here. Storage can be unavailable (private mode, quota):
 * every read falls back to the default and every write is best effort.
 */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (quota or privacy mode): the value lives for this page only.
  }
}

export const sessionStore = {
  token: (): string | null => read(STORAGE_KEYS.token),
  user(): UserDto | null {
    const raw = read(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as UserDto | null;
      return parsed && typeof parsed._id === 'string' ? parsed : null;
    } catch {
      return null;
    }
  },
  save(token: string, user: UserDto): void {
    write(STORAGE_KEYS.token, token);
    write(STORAGE_KEYS.user, JSON.stringify(user));
  },
  saveUser(user: UserDto): void {
    write(STORAGE_KEYS.user, JSON.stringify(user));
  },
  clear(): void {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.user, null);
  },
};

export function storedTheme(): Theme | null {
  const value = read(STORAGE_KEYS.theme);
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : null;
}

export function storeTheme(theme: Theme): void {
  write(STORAGE_KEYS.theme, theme);
}

export type ItemsPerPage = (typeof ITEMS_PER_PAGE_OPTIONS)[number];

export interface LocalPreferences {
  /** The page size the person picked for every paged list; null until they pick one. */
  itemsPerPage: ItemsPerPage | null;
  compactMode: boolean;
  liveUpdates: boolean;
}

export const DEFAULT_LOCAL_PREFERENCES: LocalPreferences = {
  itemsPerPage: null,
  compactMode: false,
  liveUpdates: true,
};

/** Flags are stored as '1' or '0'; anything else reads as the default. */
function readFlag(key: string, fallback: boolean): boolean {
  const value = read(key);
  return value === '1' ? true : value === '0' ? false : fallback;
}

export function readLocalPreferences(): LocalPreferences {
  const items = Number(read(STORAGE_KEYS.itemsPerPage));
  return {
    itemsPerPage: (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(items)
      ? (items as ItemsPerPage)
      : DEFAULT_LOCAL_PREFERENCES.itemsPerPage,
    compactMode: readFlag(STORAGE_KEYS.compactMode, DEFAULT_LOCAL_PREFERENCES.compactMode),
    liveUpdates: readFlag(STORAGE_KEYS.liveUpdates, DEFAULT_LOCAL_PREFERENCES.liveUpdates),
  };
}

export function writeLocalPreferences(preferences: Partial<LocalPreferences>): void {
  if (preferences.itemsPerPage !== undefined)
    write(
      STORAGE_KEYS.itemsPerPage,
      preferences.itemsPerPage === null ? null : String(preferences.itemsPerPage),
    );
  if (preferences.compactMode !== undefined)
    write(STORAGE_KEYS.compactMode, preferences.compactMode ? '1' : '0');
  if (preferences.liveUpdates !== undefined)
    write(STORAGE_KEYS.liveUpdates, preferences.liveUpdates ? '1' : '0');
}

/** Danger Zone: removes every preference kept on this device (theme included); the session stays. */
export function clearLocalPreferences(): void {
  for (const key of [
    STORAGE_KEYS.theme,
    STORAGE_KEYS.itemsPerPage,
    STORAGE_KEYS.compactMode,
    STORAGE_KEYS.liveUpdates,
  ])
    write(key, null);
}
