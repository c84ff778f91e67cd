import { errorMessage } from '@caliber/web';
import { useCallback, useState } from 'react';

export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** A card's Save: busy while it runs, then 'Saved.' or the server's message. */
export function useSave(fallback: string) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const run = useCallback(
    async (save: () => unknown) => {
      setState({ kind: 'saving' });
      try {
        await save();
        setState({ kind: 'saved' });
      } catch (error) {
        setState({ kind: 'failed', message: errorMessage(error, fallback) });
      }
    },
    [fallback],
  );
  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, run, reset };
}
