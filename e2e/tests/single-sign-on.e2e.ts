import { ssoRefusalMessage } from '@caliber/contracts';
import type { Page } from '@playwright/test';
import { addStaff, expect, test } from '../support/fixtures';

// Single sign-on through the stack's real local identity provider (oidc-provider, the demo
// directory, password `demo` for everyone): the browser goes to the provider's own page and back.

const DEMO_PASSWORD = 'demo';

/** From the sign-in page to the provider's page, signed in there as `login`, and back. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Caliber demo directory' }).click();
  await expect(page.getByRole('heading', { name: 'Caliber demo identity provider' })).toBeVisible();
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('Single sign-on', () => {
  test("an Engineer signs in with the hospital account, lands where they were going, and signing out ends the provider's session too", async ({
    page,
  }) => {
    // Esi Quaye is an Engineer on the demo roster and in the directory's engineers' group.
    await page.goto('/equipment');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Sign in with Caliber demo directory' }).click();
    await page.getByLabel('Login').fill('esi.quaye@caliber.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/equipment$/);
    await expect(page.locator('.top-bar__name')).toHaveText('Esi Quaye');

    await page.getByRole('button', { name: 'Logout' }).click();
    // The provider asks to confirm its own sign-out, then sends the browser back to sign-in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Caliber Staff Login' })).toBeVisible();
    // Signed out at the provider: the next sign-in asks for the password again.
    await page.getByRole('button', { name: 'Sign in with Caliber demo directory' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('a person whose groups give no role is refused with the reason', async ({ page }) => {
    // A ward clerk on the roster, whose directory groups map to no Caliber role.
    addStaff('Technician', 'Kwesi Mensah', { email: 'kwesi.mensah@caliber.example' });
    await signInAtProvider(page, 'kwesi.mensah@caliber.example');
    await expect(page).toHaveURL(/\/login\/sso$/);
    await expect(page.getByRole('alert')).toHaveText(`Error: ${ssoRefusalMessage('no-role')}`);
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Caliber Staff Login' })).toBeVisible();
  });

  test('a person deactivated on the roster is refused, though the directory still has them', async ({
    page,
  }) => {
    // On a phone, in the dark: the refusal is read where a nurse or a technician meets it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInAtProvider(page, 'adjoa.sarpong@caliber.example');
    await expect(page.getByRole('alert')).toHaveText(`Error: ${ssoRefusalMessage('deactivated')}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'e2e/.results/screens/sso-refused-phone-dark.png', fullPage: true });
  });
});
