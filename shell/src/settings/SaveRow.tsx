import { Button } from '@caliber/ui-kit';
import type { SaveState } from './use-save';

export function SaveRow({
  state,
  onSave,
  disabled,
}: {
  state: SaveState;
  onSave(): void;
  disabled?: boolean;
}) {
  return (
    <div className="save-row">
      <Button onClick={onSave} busy={state.kind === 'saving'} busyLabel="Saving..." disabled={disabled}>
        Save
      </Button>
      <span
        className={`save-row__message${state.kind === 'failed' ? ' save-row__message--error' : ''}`}
        role="status"
      >
        {state.kind === 'saved' ? 'Saved.' : state.kind === 'failed' ? state.message : ''}
      </span>
    </div>
  );
}
