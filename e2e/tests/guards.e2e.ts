import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

const RESTRICTED = ['/users', '/add-user', '/schedule-preventive'];
const ANY_SIGNED_IN: [string, string][] = [
  ['/equipment', 'Equipment Inventory'],
  ['/add-equipment', 'Add Equipment'],
  ['/maintenance', 'Maintenance Management'],
  ['/report-issue', 'Report Equipment Issue'],
  ['/tasks', 'Task Management'],
  ['/add-task', 'Create New Task'],
  ['/reports', 'Reports'],
];

test.describe('Route guards', () => {
  test('a visitor is sent to /login from every app route and unknown path', async ({ page }) => {
    for (const path of ['/', '/dashboard', '/users', '/settings', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('a Technician reaches every open route and is refused the staff screens', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    for (const [path, title] of ANY_SIGNED_IN) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    for (const path of RESTRICTED) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    for (const path of ['/', '/login', '/register', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('a Manager is refused the staff screens too', async ({ page }) => {
    await signInQuickly(page, addStaff('Manager'));
    for (const path of RESTRICTED) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  // The spec admits exactly Engineer; Admins are admitted on purpose
  // (docs/using/spec-departures.md): only an Admin may change an Admin's account.
  for (const role of ['Engineer', 'Admin'] as const) {
    test(`an ${role} is admitted to the staff screens`, async ({ page }) => {
      await signInQuickly(page, addStaff(role));
      const staffScreens: [string, string][] = [
        ['/users', 'User Management'],
        ['/add-user', 'Add New User'],
        ['/schedule-preventive', 'Schedule Preventive Maintenance'],
      ];
      for (const [path, title] of staffScreens) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
      }
    });
  }

  test('the side navigation shows a Technician its nine entries (no audit trail) and marks the active one', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Equipment',
      'Recalls',
      'Vendors',
      'Maintenance',
      'Tasks',
      'Users',
      'Reports',
      'Settings',
    ]);
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(nav.getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current', 'page');
  });
});
