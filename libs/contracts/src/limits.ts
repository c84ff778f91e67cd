/** Business constants and limits: page sizes, sign-in code rules, socket settings, stored keys. */
export const DEFAULT_PRODUCT_NAME = 'Caliber';
export const DEFAULT_API_BASE_PATH = '/api';
export const DEFAULT_HTTP_PORT = 5000;

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 30;

export const PAGE_SIZES = {
  equipment: 9,
  maintenanceHistory: 8,
  tasks: 8,
  users: 12,
  /** The newest status changes shown with an item; older ones load page by page. */
  statusHistory: 20,
  /** A device's maintenance history in its details: its tasks, newest first. */
  deviceMaintenance: 5,
  /** Report Issue: the open fault reports of the chosen device shown above the form. */
  openFaults: 3,
} as const;
export const RECENT_ACTIVITY_COUNT = 4;
/**
 * The most people an assignee list answers at once (the Tasks page's Technician filter, Assign To).
 * Lists are ordered by name, so a department with more approved assignees than this would lose
 * the last names from its dropdowns: 500 is above any biomedical department's staff, and 500
 * names are still a small answer (about 50 KB).
 */
export const TECHNICIAN_LIST_LIMIT = 500;
export const USER_SEARCH_DEBOUNCE_MS = 400;
export const EQUIPMENT_PAGER_WINDOW = 5;

export const STATUS_MESSAGE_MS = 2000;
export const CERTIFICATION_MESSAGE_MS = 2500;

export const ITEMS_PER_PAGE_OPTIONS = [8, 12, 20, 50] as const;
export const DEFAULT_ITEMS_PER_PAGE = 8;

export const SOCKET_SETTINGS = {
  path: '/socket.io',
  transports: ['websocket'],
  withCredentials: true,
  autoConnect: true,
  reconnectionAttempts: 10,
  reconnectionDelay: 500,
} as const;

/** Keys of what the browser stores. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  theme: 'theme',
  itemsPerPage: 'caliber.itemsPerPage',
  compactMode: 'caliber.compactMode',
  liveUpdates: 'caliber.liveUpdates',
} as const;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
