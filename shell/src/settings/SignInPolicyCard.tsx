import { SSO_POLICY_ROLES, type SignInPolicy, type SsoPolicyRole } from '@caliber/contracts';
import { Card, ErrorBox, LoadingState, Toggle } from '@caliber/ui-kit';
import { api, apiQuery, errorMessage } from '@caliber/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SaveRow } from './SaveRow';
import { useSave } from './use-save';

const POLICY_KEY = ['sign-in-policy'] as const;

/**
 * Admins only: which roles must sign in with the hospital account (single sign-on). Admins are
 * never among them: their code is the way in when the identity provider fails.
 */
export function SignInPolicyCard() {
  const client = useQueryClient();
  const policy = useQuery({ queryKey: POLICY_KEY, queryFn: apiQuery<SignInPolicy>('/sign-in-policy') });
  // The Admin's choice while unsaved; otherwise the policy as saved.
  const [draft, setDraft] = useState<SsoPolicyRole[] | null>(null);
  const required = draft ?? policy.data?.ssoRequiredRoles ?? [];
  const saving = useSave(async (roles: SsoPolicyRole[]) => {
    const saved = await api.put<SignInPolicy>('/sign-in-policy', { ssoRequiredRoles: roles });
    client.setQueryData(POLICY_KEY, saved);
    setDraft(null);
  }, 'Failed to save the sign-in policy');

  const noProvider = policy.data?.providers === 0;
  return (
    <Card title="Sign-in" titleId="settings-sign-in">
      <p className="muted">
        Roles that must sign in with their hospital account. The code by SMS is then refused to them, and
        their sessions begun with a code end. Admins always keep the code, the way in when the hospital&apos;s
        sign-in service fails.
      </p>
      {policy.isPending ? <LoadingState text="Loading the sign-in policy..." /> : null}
      {policy.isError ? (
        <ErrorBox prefix="Error:">{errorMessage(policy.error, 'Failed to load the sign-in policy')}</ErrorBox>
      ) : null}
      {noProvider ? (
        <p className="muted">No identity provider is configured, so everyone signs in with a code.</p>
      ) : null}
      {policy.data ? (
        <>
          {SSO_POLICY_ROLES.map((role) => (
            <Toggle
              key={role}
              label={`${role}s use single sign-on`}
              checked={required.includes(role)}
              disabled={noProvider}
              onChange={(on) =>
                setDraft(on ? [...required, role] : required.filter((candidate) => candidate !== role))
              }
            />
          ))}
          <SaveRow state={saving.state} onSave={() => saving.send(required)} />
        </>
      ) : null}
    </Card>
  );
}
