/**
 * The front end's run-time configuration, served by the gateway at APP_CONFIG_PATH. The shell reads
 * it before rendering, so the product name, the API base and each remote's address change without
 * rebuilding anything.
 */
export const APP_CONFIG_PATH = '/app-config.json';

export const REMOTE_NAMES = ['equipment', 'tasks', 'users', 'reports'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface AppConfig {
  productName: string;
  /** Base of every API call: `/api`, or a full URL when the API lives elsewhere. */
  apiBaseUrl: string;
  /** Origin of the socket.io endpoint; empty means the page's own origin. */
  socketUrl: string;
  /** Address of each remote's `remoteEntry.js`. */
  remotes: Record<RemoteName, string>;
  /**
   * The hospital's IANA time zone (`HOSPITAL_TIME_ZONE`), in which the servers read calendar days:
   * screens show times in it too, so a time and the day it is filed under agree. Empty when the
   * gateway does not say (one older than this field): screens then show the browser's zone, named.
   */
  timeZone: string;
}

/** Where each remote's entry is served by default: under the same origin as the shell. */
export function defaultRemoteEntry(name: RemoteName): string {
  return `/remotes/${name}/remoteEntry.js`;
}
