import type { GenerateReportDialogProps } from '@caliber/web';
import { useCallback, useState, type ComponentType } from 'react';
import { loadedGenerateReportDialog, loadGenerateReportDialog } from '../remotes/load-remote';

type DialogLoad =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; Dialog: ComponentType<GenerateReportDialogProps> };

export const REPORT_DIALOG_LOAD_ERROR = 'The reports module could not be loaded.';

/**
 * The reports remote's Generate Report dialog for the quick action. It loads on the first press
 * (the dashboard does not fetch the reports remote for people who never press it) and opens once
 * loaded; a failure is shown beside the button, which then tries again.
 */
export function useReportDialog() {
  const [load, setLoad] = useState<DialogLoad>(() => {
    const module = loadedGenerateReportDialog();
    return module ? { kind: 'ready', Dialog: module.GenerateReportDialog } : { kind: 'idle' };
  });
  const [open, setOpen] = useState(false);

  const show = useCallback(() => {
    if (load.kind === 'ready') return setOpen(true);
    // A press while it loads changes nothing: the dialog opens when the first one is answered.
    if (load.kind === 'loading') return;
    setLoad({ kind: 'loading' });
    loadGenerateReportDialog().then(
      (module) => {
        setLoad({ kind: 'ready', Dialog: module.GenerateReportDialog });
        setOpen(true);
      },
      (error: unknown) => {
        console.error('Loading the Generate Report dialog failed', error);
        setLoad({ kind: 'failed' });
      },
    );
  }, [load.kind]);

  const close = useCallback(() => setOpen(false), []);

  return {
    Dialog: load.kind === 'ready' ? load.Dialog : null,
    open,
    show,
    close,
    loading: load.kind === 'loading',
    error: load.kind === 'failed' ? REPORT_DIALOG_LOAD_ERROR : null,
  };
}
