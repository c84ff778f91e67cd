import { updateProfileSchema, type MeResponse, type UpdateProfileRequest } from '@caliber/contracts';
import { Card } from '@caliber/ui-kit';
import { api, useCurrentUser } from '@caliber/web';
import { FormTextField } from '@caliber/web-forms';
import { useId } from 'react';
import { EmailConfirmation } from './EmailConfirmation';
import { SaveRow } from './SaveRow';
import { useAccountForm } from './use-account-form';

/**
 * Name and Email. The Email field holds the address the person wants: the one waiting for its
 * confirmation when there is one, else the one in force. Saving a new address mails it a link and
 * keeps the old one until the link is opened (`EmailConfirmation` says so, with Send again and
 * Cancel change).
 */
export function ProfileCard() {
  const user = useCurrentUser();
  const formId = useId();
  const { form, submit, state } = useAccountForm<UpdateProfileRequest>(
    updateProfileSchema,
    { name: user.name, email: user.pendingEmail ?? user.email ?? '' },
    (values) => api.put<MeResponse>('/users/me', values),
    'Failed to save profile.',
  );
  return (
    <Card title="Profile" titleId="settings-profile">
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <FormTextField form={form} name="name" label="Name" autoComplete="name" />
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
      </form>
      <EmailConfirmation
        user={user}
        onCancelled={(saved) => form.resetField('email', { defaultValue: saved.email ?? '' })}
      />
      <SaveRow state={state} form={formId} />
    </Card>
  );
}
