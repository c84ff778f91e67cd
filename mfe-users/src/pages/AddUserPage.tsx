import type { UserDto } from '@caliber/contracts';
import { Button, Card, ErrorBox, focusFormField } from '@caliber/ui-kit';
import { api, errorMessage, Link, useCurrentUser, useNavigate } from '@caliber/web';
import { useRef, useState, type FormEvent } from 'react';
import { UserFields } from '../components/UserFields';
import {
  createRequest,
  draftAfterChange,
  emptyDraft,
  FIELD_ORDER,
  type DraftField,
  type UserDraft,
} from '../utils/user-form';
import '../users.css';

/**
 * /add-user: the spec's page, asking for the service number and a required phone instead of a
 * password (sign-in is by a one-time code sent to the rostered phone). On success an alert says
 * 'User created successfully!' and the app goes to /users; a refusal shows the server's message,
 * else 'Failed to create user'.
 */
export function AddUserPage() {
  const viewer = useCurrentUser();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<UserDraft>(emptyDraft);
  const [preApprovedTouched, setPreApprovedTouched] = useState(false);
  const [issues, setIssues] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function change<K extends DraftField>(field: K, value: UserDraft[K]) {
    // "May receive tasks" follows the role until it is touched.
    if (field === 'preApproved') setPreApprovedTouched(true);
    setDraft((current) => draftAfterChange(current, field, value, !preApprovedTouched));
    if (issues.has(field)) setIssues((current) => new Map([...current].filter(([key]) => key !== field)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = createRequest(draft);
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
      await api.post<UserDto>('/users', check.body);
      window.alert('User created successfully!');
      navigate('/users');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to create user'));
      setBusy(false);
    }
  }

  return (
    <div className="page users-page">
      <header className="page__header">
        <div>
          <h1>Add New User</h1>
          <p className="page__subtitle">Create user accounts for your team</p>
        </div>
      </header>
      <Card>
        <form ref={form} onSubmit={submit} noValidate aria-label="Add New User" className="users-form">
          <p className="muted users-form__note">Fields marked * are required.</p>
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <UserFields
            draft={draft}
            onChange={change}
            issues={issues}
            viewer={viewer}
            editing={null}
            withFlags={false}
            idPrefix="add-user-page"
          />
          <div className="users-form__actions">
            <Button type="submit" busy={busy} busyLabel="Creating User...">
              Create User
            </Button>
            <Link to="/users" className="ck-button ck-button--secondary">
              Back to Users
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
