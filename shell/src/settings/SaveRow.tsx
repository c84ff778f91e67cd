import { Button } from '@caliber/ui-kit';
import type { SaveState } from './use-save';

/**
 * A card's Save button and what the last save came to ('Saved.', or the message in red), announced
 * as it changes. With `form` the button submits that form; else `onSave` runs.
 */
export function SaveRow({ state, form, onSave }: { state: SaveState; form?: string; onSave?(): void }) {
  return (
    <div className="save-row">
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onSave}
        busy={state.busy}
        busyLabel="Saving..."
      >
        Save
      </Button>
      <span className={`save-row__message${state.error ? ' save-row__message--error' : ''}`} role="status">
        {state.error ?? (state.saved ? 'Saved.' : '')}
      </span>
    </div>
  );
}
