import { STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, holdCalls, rosterCommand, signInQuickly, test } from '../support/fixtures';

test.describe('Session', () => {
  test('shows the session check, keeps the session across reloads, and Logout ends it', async ({ page }) => {
    const staff = addStaff('Engineer', 'Kwesi Amoah');
    await signInQuickly(page, staff);
    const checking = await holdCalls(page, '/auth/me');
    await page.goto('/dashboard');
    await expect(page.getByText('Loading application...')).toBeVisible();
    await checking.release();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner')).toContainText('Kwesi Amoah');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user)).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a stored token the server refuses ends in "Session expired"', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.evaluate((key) => localStorage.setItem(key, 'expired.or.forged'), STORAGE_KEYS.token);
    await page.goto('/equipment');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Error: Session expired. Please log in again.');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user)).toBeNull();
  });

  test('a deactivation signs the person out at once, with the reason, on the page they are on', async ({
    page,
  }) => {
    const staff = addStaff('Technician');
    await signInQuickly(page, staff);
    await page.goto('/settings');
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
    rosterCommand(['staff:deactivate', '--service-number', staff.serviceNumber]);

    // No click needed: the server closes the live connection and says why.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Error: You were signed out: your account has been deactivated. Contact your administrator.',
    );
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
  });

  test('a session ended elsewhere is refused on the next visit, saying why', async ({ page, request }) => {
    await signInQuickly(page, addStaff('Engineer'));
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const out = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(out.status()).toBe(200);

    await page.goto('/equipment');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Error: You were signed out: you signed out.');
  });

  test('Logout ends the session on the server too', async ({ page, request }) => {
    await signInQuickly(page, addStaff('Manager'));
    await page.goto('/dashboard');
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('the live connection comes up once signed in', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/dashboard');
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  });
});
