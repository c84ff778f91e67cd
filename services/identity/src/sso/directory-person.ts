import { ROLE_RANK, type Role } from '@caliber/contracts';

/** An ID token's claims, as the provider signed them. */
export type Claims = Readonly<Record<string, unknown>>;

/** A claim's value as text (a string, or a number such as an employee id), else undefined. */
export function claimText(claims: Claims, name: string): string | undefined {
  const value = claims[name];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The person's groups from the configured claim: a list of names (Entra ID sends ids, Keycloak
 * paths such as `/caliber-engineers`), or one name. Anything else is no groups: an Entra ID token
 * that says the groups are too many to list (`_claim_names`) therefore maps to no role, which is
 * why the provider should send only the groups assigned to the application.
 */
export function groupsOf(claims: Claims, name: string): string[] {
  const value = claims[name];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string');
  return [];
}

/**
 * The role the groups give through the mapping, or null when none maps. A group matches a key
 * exactly or, for Keycloak's full paths, without its leading slash. When several groups map, the
 * role with the most access wins (Admin, Engineer, Manager, Technician), so a person is never
 * given less than a group of theirs grants.
 */
export function roleFromGroups(
  groups: readonly string[],
  mapping: Readonly<Record<string, Role>>,
): Role | null {
  let best: Role | null = null;
  for (const group of groups) {
    const role = mapping[group] ?? mapping[group.replace(/^\/+/, '')];
    if (role && (best === null || ROLE_RANK[role] > ROLE_RANK[best])) best = role;
  }
  return best;
}
