import { REMOTE_NAMES, type AppConfig, type RemoteName } from '@caliber/contracts';
import type { RemoteScreensModule } from '@caliber/web';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

let entries: AppConfig['remotes'] | null = null;
const loaded = new Map<RemoteName, RemoteScreensModule>();

/** Registers each remote at the address the run-time config gives: no rebuild to move one. */
export function registerRemoteEntries(remotes: AppConfig['remotes']): void {
  entries = remotes;
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: remotes[name] })));
}

export function loadedScreens(name: RemoteName): RemoteScreensModule | undefined {
  return loaded.get(name);
}

/**
 * Loads a remote's screens. After a failure the remote is registered again with `force`, which
 * drops the failed entry so Retry fetches it anew.
 */
export async function loadRemoteScreens(name: RemoteName, retry: boolean): Promise<RemoteScreensModule> {
  const cached = loaded.get(name);
  if (cached) return cached;
  if (retry && entries) registerRemotes([{ name, entry: entries[name] }], { force: true });
  const module = await loadRemote<RemoteScreensModule>(`${name}/screens`);
  if (!module || typeof module.screens !== 'object')
    throw new Error(`The ${name} module answered without screens`);
  loaded.set(name, module);
  return module;
}
