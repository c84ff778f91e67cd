import { Button, Card, ErrorBox, useToast } from '@caliber/ui-kit';
import { Link, useCurrentUser, useNavigate } from '@caliber/web';
import { useContractForm } from '@caliber/web-forms';
import { UserFields } from '../components/UserFields';
import { useAddUser } from '../hooks/user-queries';
import { createRequest, emptyDraft, userDraftSchema } from '../utils/user-form';
import '../users.css';

/**
 * /add-user: the spec's page, asking for the service number and a required phone instead of a
 * password (sign-in is by a one-time code sent to the rostered phone). On success a toast says
 * 'User created successfully!' and the app goes to /users; a refusal shows the server's message,
 * else 'Failed to create user'.
 */
export function AddUserPage() {
  const viewer = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const adding = useAddUser();
  const form = useContractForm({ schema: userDraftSchema(null), defaultValues: emptyDraft() });

  const submit = form.submitWith(async (draft) => {
    const check = createRequest(draft);
    if (!check.ok) return;
    await adding.mutateAsync(check.body);
    toast.success('User created successfully!');
    navigate('/users');
  }, 'Failed to create user');

  return (
    <div className="page users-page">
      <header className="page__header">
        <div>
          <h1>Add New User</h1>
          <p className="page__subtitle">Create user accounts for your team</p>
        </div>
      </header>
      <Card>
        <form onSubmit={submit} noValidate aria-label="Add New User" className="users-form">
          <p className="muted users-form__note">Fields marked * are required.</p>
          {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
          <UserFields form={form} viewer={viewer} editing={null} withFlags={false} idPrefix="add-user-page" />
          <div className="users-form__actions">
            <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Creating User...">
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
