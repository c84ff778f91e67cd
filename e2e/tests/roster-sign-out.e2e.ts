import type { Browser, BrowserContext, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test, type Staff } from '../support/fixtures';

let counter = 0;
/** A word no other test's staff carry, so a search finds exactly this test's people. */
const marker = () => `S${Date.now().toString(36)}${++counter}`.toUpperCase();

const SEARCH_DEBOUNCE_MS = 400;

async function openUsers(page: Page, staff: Staff): Promise<void> {
  await signInQuickly(page, staff);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search').fill(text);
  // The list asks the server once typing pauses; the address shows the settled search.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`), {
    timeout: SEARCH_DEBOUNCE_MS + 5000,
  });
}

const row = (page: Page, name: string) => page.getByRole('row', { name, exact: true });

/** A browser of its own (its own storage, so its own session), signed in, on an open screen. */
async function signedInElsewhere(
  browser: Browser,
  contexts: BrowserContext[],
  staff: Staff,
  path: string,
): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await signInQuickly(page, staff);
  await page.goto(path);
  // The live connection is how the server reaches an open screen that makes no call.
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  return page;
}

async function expectSignedOut(page: Page, reason: string): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(`Error: You were signed out: ${reason}`);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
}

test.describe('Roster changes and open screens', () => {
  test("an Engineer's deactivation or role change on /users signs the person's open screen out, saying why", async ({
    page,
    browser,
  }) => {
    test.slow();
    const tag = marker();
    const technician = addStaff('Technician', `${tag} Kofi Technician`);
    const promoted = addStaff('Technician', `${tag} Abena Technician`);
    const contexts: BrowserContext[] = [];
    try {
      const technicianPage = await signedInElsewhere(browser, contexts, technician, '/tasks');
      const promotedPage = await signedInElsewhere(browser, contexts, promoted, '/equipment');

      await openUsers(page, addStaff('Engineer', 'Kwame Boateng'));
      await search(page, tag);

      // Deactivate the first Technician in the Edit modal.
      const deactivated = row(page, technician.name);
      await deactivated.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit User' });
      await expect(edit.getByLabel('Service Number')).toHaveValue(technician.serviceNumber);
      await edit.getByRole('switch', { name: 'Active' }).click();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      await expect(deactivated).toContainText('Inactive');

      // No click on the Technician's side: their screen leaves at once, with the reason.
      await expectSignedOut(technicianPage, 'your account has been deactivated. Contact your administrator.');
      // The other person, still signed in, is untouched.
      await expect(promotedPage).toHaveURL(/\/equipment$/);

      // Make the second Technician an Engineer.
      const changed = row(page, promoted.name);
      await changed.getByRole('button', { name: 'Edit' }).click();
      await expect(edit.getByLabel('Service Number')).toHaveValue(promoted.serviceNumber);
      await edit.getByLabel('Role').selectOption('Engineer');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      await expect(changed).toContainText('Engineer');

      await expectSignedOut(promotedPage, 'your role changed. Sign in again to continue with your new role.');
      // The Engineer who made the changes is still signed in.
      await expect(page).toHaveURL(/\/users\?/);
      await expect(row(page, technician.name)).toContainText('Inactive');
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test("an Engineer sees an Admin's row as 'Read-only', with no Edit or Delete", async ({ page }) => {
    const tag = marker();
    const admin = addStaff('Admin', `${tag} Admin`);
    const technician = addStaff('Technician', `${tag} Technician`);
    await openUsers(page, addStaff('Engineer', `${tag} Engineer`));
    await search(page, tag);
    await expect(page.getByText('Total: 3')).toBeVisible();

    const adminRow = row(page, admin.name);
    await expect(adminRow).toContainText('Admin');
    await expect(adminRow.getByText('Read-only', { exact: true })).toBeVisible();
    await expect(adminRow.getByRole('button')).toHaveCount(0);

    // Everyone else's row keeps its controls.
    const technicianRow = row(page, technician.name);
    await expect(technicianRow.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(technicianRow.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(technicianRow.getByText('Read-only')).toHaveCount(0);
  });

  test('a Manager reads the roster through the API but is sent from /users and may change nothing', async ({
    page,
  }) => {
    const tag = marker();
    const technician = addStaff('Technician', `${tag} Technician`);
    await signInQuickly(page, addStaff('Manager', `${tag} Manager`));
    // The staff screens admit Engineers and Admins: the route guard sends a Manager to the dashboard.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/dashboard$/);

    // What the Manager's session may do with the roster: read it, and nothing else.
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const headers = { authorization: `Bearer ${token ?? ''}` };
    const list = await page.request.get(`/api/users?q=${tag}`, { headers });
    expect(list.status()).toBe(200);
    const found = (await list.json()) as { total: number; users: { _id: string; name: string }[] };
    expect(found.total).toBe(2);
    const target = found.users.find((user) => user.name === technician.name);
    expect(target).toBeDefined();
    const refusal = 'Only Engineers and Admins may manage the staff roster.';
    for (const answer of [
      await page.request.post('/api/users', {
        headers,
        data: { serviceNumber: `${tag}-NEW`, name: `${tag} Newcomer`, phoneNumber: '+15550107001' },
      }),
      await page.request.put(`/api/users/${target?._id ?? ''}`, { headers, data: { isActive: false } }),
      await page.request.delete(`/api/users/${target?._id ?? ''}`, { headers }),
    ]) {
      expect(answer.status()).toBe(403);
      expect(((await answer.json()) as { message: string }).message).toBe(refusal);
    }
  });
});
