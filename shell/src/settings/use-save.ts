import { errorMessage } from '@caliber/web';
import { useMutation } from '@tanstack/react-query';

/** What a card's Save row says: busy while it runs, then 'Saved.' or why it failed. */
export interface SaveState {
  busy: boolean;
  saved: boolean;
  error: string | null;
}

/**
 * A card's save as a mutation: `save(values)` runs it (its failure is thrown to a form, which shows
 * it where it belongs), and `state` is what the card's Save row says (the server's message, else
 * `fallback`). Never retried: a save sent twice may be applied twice.
 */
export function useSave<T>(run: (values: T) => unknown, fallback: string) {
  const mutation = useMutation({
    mutationFn: async (values: T) => {
      await run(values);
    },
  });
  const state: SaveState = {
    busy: mutation.isPending,
    saved: mutation.isSuccess,
    error: mutation.isError ? errorMessage(mutation.error, fallback) : null,
  };
  return { save: mutation.mutateAsync, send: mutation.mutate, state };
}
