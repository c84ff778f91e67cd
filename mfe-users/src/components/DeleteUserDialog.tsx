import type { UserDto } from '@caliber/contracts';
import { Button, ErrorBox, Modal } from '@caliber/ui-kit';
import { errorMessage } from '@caliber/web';
import { useDeleteUser } from '../hooks/user-queries';
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
  const deleting = useDeleteUser();
  const [removes, keeps] = deleteConfirmation(user.name);
  const busy = deleting.isPending;
  const error = deleting.isError ? errorMessage(deleting.error, 'Failed to delete user.') : null;
  const confirm = () => deleting.mutate(user._id, { onSuccess: () => onDeleted(user) });

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
