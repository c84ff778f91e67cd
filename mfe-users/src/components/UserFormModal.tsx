import type { UserDto } from '@caliber/contracts';
import { Button, ErrorBox, focusFormField, Modal } from '@caliber/ui-kit';
import { api, errorMessage } from '@caliber/web';
import { useRef, useState, type FormEvent } from 'react';
import {
  createRequest,
  draftAfterChange,
  draftOf,
  emptyDraft,
  FIELD_ORDER,
  updateRequest,
  type DraftField,
  type UserDraft,
} from '../utils/user-form';
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
 * only what changed.
 */
export function UserFormModal({ user, viewer, onClose, onSaved }: UserFormModalProps) {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<UserDraft>(() => (user ? draftOf(user) : emptyDraft()));
  const [preApprovedTouched, setPreApprovedTouched] = useState(false);
  const [issues, setIssues] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function change<K extends DraftField>(field: K, value: UserDraft[K]) {
    // While adding, "May receive tasks" follows the role until it is touched.
    if (field === 'preApproved') setPreApprovedTouched(true);
    setDraft((current) => draftAfterChange(current, field, value, !user && !preApprovedTouched));
    if (issues.has(field)) setIssues((current) => new Map([...current].filter(([key]) => key !== field)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = user ? updateRequest(user, draft) : createRequest(draft);
    if (check === null) return onClose();
    if (!check.ok) {
      setIssues(check.issues);
      setError(check.message);
      const first = FIELD_ORDER.find((field) => check.issues.has(field));
      if (first) focusFormField(form.current, first);
      return;
    }
    setBusy(true);
    setIssues(new Map());
    setError(null);
    try {
      const saved = user
        ? await api.put<UserDto>(`/users/${encodeURIComponent(user._id)}`, check.body)
        : await api.post<UserDto>('/users', check.body);
      onSaved(saved, !user);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to save user.'));
      setBusy(false);
    }
  }

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
      <form id={formId} ref={form} onSubmit={submit} noValidate className="users-form">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        <UserFields
          draft={draft}
          onChange={change}
          issues={issues}
          viewer={viewer}
          editing={user}
          withFlags
          idPrefix={formId}
        />
      </form>
    </Modal>
  );
}
