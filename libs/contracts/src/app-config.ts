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
}

/** Where each remote's entry is served by default: under the same origin as the shell. */
export function defaultRemoteEntry(name: RemoteName): string {
  return `/remotes/${name}/remoteEntry.js`;
}
