import { ssoRefusalMessage } from '@caliber/contracts';
import type { Page } from '@playwright/test';
import { signInThroughApi } from '../../infra/testing/outbox';
import { e2eValue } from '../support/environment';
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

  test("a nurse signs in with the hospital account, reports a fault from a device's QR page, and sees it taken", async ({
    page,
    request,
  }) => {
    // An Engineer (a code, through the API) adds a device on the nurse's ward: Adwoa Badu works in ICU.
    const engineer = addStaff('Engineer', 'Ward Round Engineer', { preApproved: true });
    const { token, user: engineerUser } = await signInThroughApi(
      e2eValue('baseUrl'),
      engineer.serviceNumber,
      e2eValue('outbox'),
    );
    const headers = { authorization: `Bearer ${token}` };
    const tag = `SSO-${Date.now().toString(36)}`;
    const added = await request.post('/api/equipment', {
      headers,
      data: {
        name: `Infusion Pump ${tag}`,
        manufacturer: 'B. Braun',
        model: 'Infusomat Space',
        serialNumber: `${tag}-SN`,
        department: 'ICU',
        location: 'Bed 4',
        installationDate: '2024-03-01',
        status: 'Serviceable',
        category: 'Monitor',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const device = (await added.json()) as { _id: string };

    // The nurse scans the device's QR tag: its page, behind sign-in.
    await page.goto(`/equipment/${device._id}`);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Sign in with Caliber demo directory' }).click();
    await page.getByLabel('Login').fill('adwoa.badu@caliber.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/equipment/${device._id}$`));
    await expect(page.locator('.top-bar__name')).toHaveText('Adwoa Badu');

    await page.getByRole('link', { name: 'Report a fault' }).click();
    const title = `Occlusion alarm ${tag}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('The pump alarms for occlusion with a free line.');
    await page.getByRole('button', { name: 'Report Issue' }).click();
    await expect(page).toHaveURL(/\/my-reports/);
    const report = page.getByRole('list', { name: 'My reports' }).getByRole('listitem', { name: title });
    await expect(report).toContainText('Waiting for an engineer');
    await expect(report).toContainText('Not taken yet');

    // The Engineer takes it; the nurse sees who has it.
    const found = await request.get(`/api/tasks?q=${encodeURIComponent(tag)}`, { headers });
    const { tasks } = (await found.json()) as { tasks: { _id: string; title: string }[] };
    const task = tasks.find((candidate) => candidate.title === title);
    expect(task).toBeDefined();
    const assigned = await request.put(`/api/tasks/${task?._id ?? ''}`, {
      headers,
      data: { assignedTo: engineerUser._id },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    await page.reload();
    await expect(report).toContainText('Ward Round Engineer');
    await expect(report).not.toContainText('Waiting for an engineer');

    // What she may not see: the dashboard and the staff screens send her back to her reports.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/my-reports/);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/my-reports/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(report).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'e2e/.results/screens/my-reports-phone-dark.png', fullPage: true });
    await page.goto(`/equipment/${device._id}`);
    await expect(page.getByRole('link', { name: 'Report a fault' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'e2e/.results/screens/ward-device-phone-dark.png', fullPage: true });
    await page.goto('/equipment');
    await expect(page.getByRole('heading', { name: 'Ward devices' })).toBeVisible();
    // Other tests add devices on ICU too: the nurse finds hers by searching.
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect(page.getByText(`Infusion Pump ${tag}`).first()).toBeVisible();
    await page.screenshot({ path: 'e2e/.results/screens/ward-devices-phone-dark.png', fullPage: true });
  });
});
