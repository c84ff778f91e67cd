import type { MeResponse, Theme } from '@caliber/contracts';
import { useEffect } from 'react';
import { api } from './api-client';
import { useSession } from './session';
import { useTheme } from './theme';

/**
 * The theme follows the account: the device keeps its own copy (applied before anything loads,
 * so there is no flash), and the account's choice, when it has one, wins whenever the signed-in
 * user arrives or changes (sign-in, the session check, a save). Only the account's value is
 * watched, so a change made here is not undone while its save is on the way.
 */
export function AccountThemeSync(): null {
  const { user } = useSession();
  const { theme, setTheme } = useTheme();
  const accountTheme = user?.theme ?? null;
  useEffect(() => {
    if (accountTheme && accountTheme !== theme) setTheme(accountTheme);
    // The account's theme alone decides; the device's may differ until the next save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountTheme]);
  return null;
}

/** Saves the theme to the account (null: follow each device's system setting); answers the user. */
export async function saveAccountTheme(theme: Theme | null): Promise<MeResponse['user']> {
  const { user } = await api.put<MeResponse>('/settings/appearance', { theme });
  return user;
}
