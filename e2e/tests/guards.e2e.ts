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

  test('a Technician reaches every open route and is refused the Engineer-only ones', async ({ page }) => {
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

  for (const role of ['Admin', 'Manager'] as const) {
    test(`a ${role} is refused the Engineer-only routes too`, async ({ page }) => {
      await signInQuickly(page, addStaff(role));
      for (const path of RESTRICTED) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/dashboard$/);
      }
    });
  }

  test('an Engineer is admitted to the Engineer-only routes', async ({ page }) => {
    await signInQuickly(page, addStaff('Engineer'));
    const engineerOnly: [string, string][] = [
      ['/users', 'User Management'],
      ['/add-user', 'Add New User'],
      ['/schedule-preventive', 'Schedule Preventive Maintenance'],
    ];
    for (const [path, title] of engineerOnly) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
  });

  test('the side navigation shows all seven entries to everyone and marks the active one', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Equipment',
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
