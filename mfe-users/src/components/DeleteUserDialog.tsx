import type { UserDto } from '@caliber/contracts';
import { Button, ErrorBox, Modal } from '@caliber/ui-kit';
import { api, errorMessage } from '@caliber/web';
import { useState } from 'react';
import { deleteConfirmation } from '../utils/user-form';

/**
 * 'Delete user?': the spec's 'This will permanently remove "{name}".', then what that means: off
 * the roster and out of sign-in for good, while the name stays on the work they did.
 */
export function DeleteUserDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: UserDto;
  onClose(): void;
  onDeleted(user: UserDto): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removes, keeps] = deleteConfirmation(user.name);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await api.delete<{ _id: string }>(`/users/${encodeURIComponent(user._id)}`);
      onDeleted(user);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to delete user.'));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Delete user?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} busy={busy} busyLabel="Deleting...">
            Delete
          </Button>
        </>
      }
    >
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <p className="users-confirm">{removes}</p>
      <p className="muted">{keeps}</p>
    </Modal>
  );
}
