import type { UserDto } from '@caliber/contracts';
import { Button, ErrorBox, Modal } from '@caliber/ui-kit';
import { useContractForm } from '@caliber/web-forms';
import { useAddUser, useUpdateUser } from '../hooks/user-queries';
import { createRequest, draftOf, emptyDraft, updateRequest, userDraftSchema } from '../utils/user-form';
import type { Viewer } from '../utils/user-permissions';
import { UserFields } from './UserFields';

export interface UserFormModalProps {
  /** The person to edit, or null to add one. */
  user: UserDto | null;
  viewer: Viewer;
  onClose(): void;
  onSaved(user: UserDto, added: boolean): void;
}

/**
 * The 'Add User' and 'Edit User' modals. Name, service number and phone are required ('Please
 * fill name, service number and phone.'); the contract's own messages show under a field it
 * refuses; a refusal from the server shows its message, else 'Failed to save user.'. An edit sends
 * only what changed, and closes without a call when nothing did.
 */
export function UserFormModal({ user, viewer, onClose, onSaved }: UserFormModalProps) {
  const form = useContractForm({
    schema: userDraftSchema(user),
    defaultValues: user ? draftOf(user) : emptyDraft(),
  });
  const adding = useAddUser();
  const updating = useUpdateUser();
  const busy = form.formState.isSubmitting;

  const submit = form.submitWith(async (draft) => {
    if (!user) {
      const check = createRequest(draft);
      if (check.ok) onSaved(await adding.mutateAsync(check.body), true);
      return;
    }
    const check = updateRequest(user, draft);
    if (check === null) return onClose();
    if (check.ok) onSaved(await updating.mutateAsync({ id: user._id, body: check.body }), false);
  }, 'Failed to save user.');

  const formId = user ? 'edit-user-form' : 'add-user-form';
  return (
    <Modal
      open
      title={user ? 'Edit User' : 'Add User'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} busyLabel="Saving...">
            {user ? 'Save Changes' : 'Add User'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="users-form">
        {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
        <UserFields form={form} viewer={viewer} editing={user} withFlags idPrefix={formId} />
      </form>
    </Modal>
  );
}
