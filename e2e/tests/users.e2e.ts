import type { Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test, type Staff } from '../support/fixtures';

let counter = 0;
/** A word no other test's staff carry, so a search finds exactly this test's people. */
const marker = () => `U${Date.now().toString(36)}${++counter}`.toUpperCase();

/** A phone in the fictional +1 555 range, different for every call. */
const phone = () => `+1555${`${Date.now() % 100000}${++counter}`.slice(-7).padStart(7, '0')}`;

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

const row = (page: Page, name: string): Locator => page.getByRole('row', { name, exact: true });
const total = (page: Page) => page.getByText(/^Total: \d+$/);

test.describe('User Management', () => {
  test('filters and pages the roster, 12 a page', async ({ page }) => {
    test.slow();
    const tag = marker();
    const people: Staff[] = [];
    for (let index = 1; index <= 13; index++)
      people.push(
        addStaff(index <= 2 ? 'Engineer' : 'Technician', `${tag} Person ${String(index).padStart(2, '0')}`),
      );

    await openUsers(page, addStaff('Engineer', `Viewer ${marker()}`));
    await search(page, tag);
    await expect(total(page)).toHaveText('Total: 13');
    await expect(page.getByText('Page 1 / 2')).toBeVisible();
    await expect(page.locator('.users-table tbody tr')).toHaveCount(12);
    await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 / 2')).toBeVisible();
    await expect(page.locator('.users-table tbody tr')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A filter starts again at page 1.
    await page.getByLabel('Role').selectOption('Engineer');
    await expect(total(page)).toHaveText('Total: 2');
    await expect(page.getByText('Page 1 / 1')).toBeVisible();
    for (const person of people.slice(0, 2)) await expect(row(page, person.name)).toBeVisible();

    await page.getByLabel('Role').selectOption('');
    await page.getByLabel('Department').selectOption('NICU');
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByText('Users will appear here when added to the system.')).toBeVisible();
    await expect(total(page)).toHaveText('Total: 0');

    await page.getByLabel('Department').selectOption('');
    await page.getByLabel('Active').selectOption('false');
    await expect(total(page)).toHaveText('Total: 0');
    await page.getByLabel('Active').selectOption('true');
    await expect(total(page)).toHaveText('Total: 13');

    // Search covers the service number too.
    const last = people[12] as Staff;
    await search(page, last.serviceNumber);
    await expect(total(page)).toHaveText('Total: 1');
    await expect(row(page, last.name)).toBeVisible();
  });

  test('adds, edits and deletes a person; a refused save shows the server message', async ({ page }) => {
    test.slow();
    const tag = marker();
    const existing = addStaff('Technician', `${tag} Existing`);
    await openUsers(page, addStaff('Engineer', `${tag} Engineer`));

    // Add: the required fields first, then a person who can sign in.
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await expect(add.getByLabel('Role')).not.toContainText('Admin');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByRole('alert')).toHaveText('Please fill name, service number and phone.');
    await expect(add.getByLabel('Full Name')).toBeFocused();

    // The same service number as someone on the roster: the server's message.
    await add.getByLabel('Full Name').fill(`${tag} Duplicate`);
    await add.getByLabel('Service Number').fill(existing.serviceNumber.toLowerCase());
    await add.getByLabel('Phone').fill(phone());
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByRole('alert')).toContainText(existing.serviceNumber);
    await expect(add.getByRole('alert')).toContainText(/already/i);

    const serviceNumber = `${tag}-NEW`;
    await add.getByLabel('Full Name').fill(`${tag} Newcomer`);
    await add.getByLabel('Service Number').fill(serviceNumber);
    await add.getByLabel('Department').selectOption('ICU');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText('User created successfully!')).toBeVisible();

    await search(page, tag);
    const added = row(page, `${tag} Newcomer`);
    await expect(added).toContainText(serviceNumber);
    await expect(added).toContainText('ICU');
    await expect(added).toContainText('Technician');
    await expect(added).toContainText('Active');

    // Edit: deactivate and move to NICU.
    await added.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Service Number')).toHaveValue(serviceNumber);
    await edit.getByLabel('Department').selectOption('NICU');
    await edit.getByRole('switch', { name: 'Active' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(added).toContainText('NICU');
    await expect(added).toContainText('Inactive');

    // Delete, after the confirmation says what it means.
    await added.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user?' });
    await expect(confirm).toContainText(`This will permanently remove "${tag} Newcomer".`);
    await expect(confirm).toContainText('can no longer sign in');
    await expect(confirm).toContainText('tasks, certifications and audit records');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(added).toHaveCount(0);
    await expect(total(page)).toHaveText('Total: 2');
  });

  test("offers no control to change one's own role, deactivate or delete oneself", async ({ page }) => {
    const me = addStaff('Engineer', `${marker()} Self`);
    await openUsers(page, me);
    await search(page, me.serviceNumber);
    const mine = row(page, me.name);
    await expect(mine).toContainText('(you)');
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await mine.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Role')).toBeDisabled();
    await expect(edit.getByText('You cannot change your own role.')).toBeVisible();
    await expect(edit.getByRole('switch', { name: 'Active' })).toBeDisabled();
  });

  test('a change made elsewhere shows without a reload', async ({ page }) => {
    const tag = marker();
    await openUsers(page, addStaff('Engineer', `${tag} Watcher`));
    await search(page, tag);
    await expect(total(page)).toHaveText('Total: 1');
    // Someone else adds a person, through the API as another screen would.
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const answer = await page.request.post('/api/users', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { serviceNumber: `${tag}-LIVE`, name: `${tag} Arrival`, phoneNumber: phone() },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    await expect(row(page, `${tag} Arrival`)).toBeVisible({ timeout: 10_000 });
    await expect(total(page)).toHaveText('Total: 2');
  });

  test("an Admin manages staff on screen, another Admin's account included; an Engineer sees it 'Read-only'", async ({
    page,
  }) => {
    test.slow();
    const tag = marker();
    const other = addStaff('Admin', `${tag} Other Admin`);
    await openUsers(page, addStaff('Admin', `${tag} Admin`));
    await search(page, tag);
    const otherRow = row(page, other.name);
    await expect(otherRow.getByText('Read-only')).toHaveCount(0);
    await otherRow.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    // An Admin may change another Admin's role too (identity allows it; only the last Admin is kept).
    await expect(edit.getByLabel('Role')).toBeEnabled();
    await edit.getByLabel('Full Name').fill(`${tag} Renamed Admin`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    const renamed = row(page, `${tag} Renamed Admin`);
    await expect(renamed).toContainText('Admin');

    // Add User offers an Admin the Admin role; the page and Schedule Preventive open too.
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await expect(add.getByLabel('Role')).toContainText('Admin');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/add-user');
    await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible();
    await page.goto('/schedule-preventive');
    await expect(page.getByRole('heading', { name: 'Schedule Preventive Maintenance' })).toBeVisible();

    // To an Engineer the same Admin's row stays read-only: only an Admin changes an Admin.
    await page.evaluate(() => localStorage.clear());
    await openUsers(page, addStaff('Engineer', `${tag} Engineer`));
    await search(page, tag);
    const seenByEngineer = row(page, `${tag} Renamed Admin`);
    await expect(seenByEngineer.getByText('Read-only', { exact: true })).toBeVisible();
    await expect(seenByEngineer.getByRole('button')).toHaveCount(0);
  });

  test('a Technician is refused /users and /add-user by the route guard', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    for (const path of ['/users', '/add-user']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });
});

test.describe('Add New User page', () => {
  test('asks for the service number and phone instead of a password, then goes to /users', async ({
    page,
  }) => {
    const tag = marker();
    await signInQuickly(page, addStaff('Engineer', `${tag} Engineer`));
    await page.goto('/add-user');
    await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible();
    await expect(page.getByText('Create user accounts for your team')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expect(page.getByText(/one-time code sent by SMS to this phone/)).toBeVisible();

    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill name, service number and phone.');

    await page.getByLabel('Full Name').fill(`${tag} Page Newcomer`);
    await page.getByLabel('Service Number').fill(`${tag}-PG`);
    await page.getByLabel('Phone').fill(phone());
    // A toast, not a browser alert: it outlives the page and shows over the roster.
    page.on('dialog', (dialog) => {
      throw new Error(`unexpected browser dialog: ${dialog.message()}`);
    });
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully!' })).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    await search(page, tag);
    await expect(row(page, `${tag} Page Newcomer`)).toBeVisible();

    await page.goto('/add-user');
    await page.getByRole('link', { name: 'Back to Users' }).click();
    await expect(page).toHaveURL(/\/users$/);
  });
});

test.describe('May receive tasks', () => {
  test('a Technician added on screen is in the assignee lists; the Edit dialog approves someone else', async ({
    page,
  }) => {
    test.slow();
    const tag = marker();
    const waiting = addStaff('Technician', `${tag} Waiting`);
    await signInQuickly(page, addStaff('Engineer', `${tag} Engineer`));
    await page.goto('/add-user');
    const receives = page.getByRole('switch', { name: 'May receive tasks' });
    // On for a Technician; it follows the role until someone touches it.
    await expect(receives).toBeChecked();
    await page.getByLabel('Role').selectOption('Engineer');
    await expect(receives).not.toBeChecked();
    await page.getByLabel('Role').selectOption('Manager');
    await expect(receives).toBeDisabled();
    await expect(page.getByText('Managers read tasks and do not receive them.')).toBeVisible();
    await page.getByLabel('Role').selectOption('Technician');
    await expect(receives).toBeChecked();

    await page.getByLabel('Full Name').fill(`${tag} Newcomer`);
    await page.getByLabel('Service Number').fill(`${tag}-RT`);
    await page.getByLabel('Phone').fill(phone());
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully!' })).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);

    // Someone on the roster without it: the Edit dialog turns it on.
    await search(page, tag);
    await row(page, waiting.name).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByRole('switch', { name: 'May receive tasks' })).not.toBeChecked();
    await edit.getByRole('switch', { name: 'May receive tasks' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();

    await page.goto('/tasks');
    await page.getByRole('button', { name: 'Assign Task' }).click();
    const assignTo = page.getByRole('dialog', { name: 'Assign New Task' }).getByLabel('Assign To');
    // The Engineer, never approved, is not among them.
    await expect(assignTo.locator('option', { hasText: tag })).toHaveText([
      `${tag} Newcomer (Technician)`,
      `${tag} Waiting (Technician)`,
    ]);
  });
});

/** The screens at desktop and phone width, light and dark, saved for review under e2e/.results/screens. */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`User screens, ${theme}, ${size.name}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      const shoot = async (screen: string, fullPage = true) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await page.screenshot({
          path: `e2e/.results/screens/${screen}-${size.name}-${theme}.png`,
          fullPage,
          animations: 'disabled',
        });
      };
      await openUsers(page, addStaff('Engineer', 'Abena Osei-Bonsu'));
      await expect(page.locator('.users-table tbody tr').first()).toBeVisible();
      await shoot('users');

      await page.locator('.users-table tbody tr').first().getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
      await shoot('users-edit', false);
      await page.keyboard.press('Escape');

      const deletable = page
        .locator('.users-table tbody tr')
        .filter({ has: page.getByRole('button', { name: 'Delete' }) });
      await deletable.first().getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete user?' })).toBeVisible();
      await shoot('users-delete', false);
      await page.keyboard.press('Escape');

      await page.goto('/add-user');
      await expect(page.getByRole('heading', { name: 'Add New User' })).toBeVisible();
      await page.getByRole('button', { name: 'Create User' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await shoot('add-user');

      // The success toast over the roster the app goes to.
      const tag = marker();
      await page.getByLabel('Full Name').fill(`${tag} Toast`);
      await page.getByLabel('Service Number').fill(`${tag}-TS`);
      await page.getByLabel('Phone').fill(phone());
      await page.getByRole('button', { name: 'Create User' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'User created successfully!' })).toBeVisible();
      await expect(page).toHaveURL(/\/users$/);
      await shoot('users-toast', false);
    });
  }
}
