import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

test.describe('Remote modules', () => {
  test('a remote that fails to load shows Retry in the layout; the rest keeps working; Retry loads it', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.route('**/remotes/equipment/remoteEntry.js', (route) => route.abort('connectionrefused'));
    await page.goto('/equipment');
    const failure = page.getByRole('region', { name: 'Equipment Inventory could not be loaded' });
    await expect(failure).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Equipment' }).click();
    await expect(failure).toBeVisible();

    await page.unroute('**/remotes/equipment/remoteEntry.js');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Equipment Inventory', exact: true })).toBeVisible();
  });

  test('loads each remote from the address in the run-time app config', async ({ page }) => {
    await signInQuickly(page, addStaff('Engineer'));
    const config = (await (await page.request.get('/app-config.json')).json()) as {
      remotes: Record<string, string>;
    };
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    for (const path of ['/equipment', '/tasks', '/users', '/reports']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    }
    for (const entry of Object.values(config.remotes)) expect(requested).toContain(entry);
  });
});
