import { z } from 'zod';
import { isClinical, type Role } from './roles';

/**
 * The roles an Admin may require to sign in by single sign-on (the code by SMS is then refused
 * for them). Admins are not among them: their code is the way in when the hospital's identity
 * provider is down or misconfigured (break-glass), so Admins can always correct the policy.
 */
export const SSO_POLICY_ROLES = ['Technician', 'Engineer', 'Manager'] as const satisfies readonly Role[];
export type SsoPolicyRole = (typeof SSO_POLICY_ROLES)[number];

export const updateSignInPolicySchema = z.strictObject(
  {
    ssoRequiredRoles: z
      .array(
        z.enum(SSO_POLICY_ROLES, {
          error:
            'Single sign-on can be required of Technicians, Engineers and Managers; Admins keep the code.',
        }),
        { error: 'ssoRequiredRoles must be a list of roles.' },
      )
      .max(SSO_POLICY_ROLES.length)
      .transform((roles) => SSO_POLICY_ROLES.filter((role) => roles.includes(role))),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only ssoRequiredRoles may be sent.' : undefined),
  },
);
export type UpdateSignInPolicyRequest = z.input<typeof updateSignInPolicySchema>;

/** The sign-in policy as the Settings screen shows it. */
export const signInPolicySchema = z
  .object({
    ssoRequiredRoles: z.array(z.enum(SSO_POLICY_ROLES)),
    /** Identity providers configured: with none, single sign-on cannot be required. */
    providers: z.number().int().min(0),
    updatedAt: z.string().nullable(),
  })
  .meta({
    id: 'SignInPolicy',
    examples: [
      { ssoRequiredRoles: ['Engineer', 'Manager'], providers: 1, updatedAt: '2026-11-02T08:15:00.000Z' },
    ],
  });
export type SignInPolicy = z.output<typeof signInPolicySchema>;

/** Why the code is refused to a person whose role must use single sign-on (clinical staff always). */
export function ssoRequiredMessage(role: Role): string {
  const who = isClinical(role) ? 'Clinical staff' : `${role}s`;
  return `${who} sign in with their hospital account: use "Sign in with …" above. The code by SMS is not used for this role.`;
}
