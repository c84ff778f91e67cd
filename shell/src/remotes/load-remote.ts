import { REMOTE_NAMES, type AppConfig, type RemoteName } from '@caliber/contracts';
import type { GenerateReportDialogModule, RemoteScreensModule } from '@caliber/web';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

let entries: AppConfig['remotes'] | null = null;
const loaded = new Map<RemoteName, RemoteScreensModule>();

/** Registers each remote at the address the run-time config gives: no rebuild to move one. */
export function registerRemoteEntries(remotes: AppConfig['remotes']): void {
  entries = remotes;
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: remotes[name] })));
}

/** Registers a remote again with `force`, which drops a failed entry so the next load fetches it anew. */
function registerAgain(name: RemoteName): void {
  if (entries) registerRemotes([{ name, entry: entries[name] }], { force: true });
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
  if (retry) registerAgain(name);
  const module = await loadRemote<RemoteScreensModule>(`${name}/screens`);
  if (!module || typeof module.screens !== 'object')
    throw new Error(`The ${name} module answered without screens`);
  loaded.set(name, module);
  return module;
}

let reportDialog: Promise<GenerateReportDialogModule> | null = null;
let reportDialogModule: GenerateReportDialogModule | null = null;
let reportDialogFailed = false;

/** The Generate Report dialog once it has loaded, so a screen shown again opens it without waiting. */
export function loadedGenerateReportDialog(): GenerateReportDialogModule | null {
  return reportDialogModule;
}

/**
 * The reports remote's Generate Report dialog (`./generate-report-dialog`), for the dashboard's
 * quick action. Loaded once and kept; presses while it loads share the one request. A failure is
 * not kept: the next press registers the remote again (as Retry does for a screen) and tries anew.
 */
export function loadGenerateReportDialog(): Promise<GenerateReportDialogModule> {
  if (reportDialog) return reportDialog;
  if (reportDialogFailed) registerAgain('reports');
  reportDialog = loadRemote<GenerateReportDialogModule>('reports/generate-report-dialog').then((module) => {
    if (!module?.GenerateReportDialog)
      throw new Error('The reports module answered without the Generate Report dialog');
    reportDialogModule = module;
    reportDialogFailed = false;
    return module;
  });
  reportDialog.catch(() => {
    reportDialog = null;
    reportDialogFailed = true;
  });
  return reportDialog;
}
