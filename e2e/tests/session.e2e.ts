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

  test('a call answered 401 mid-session clears the session and goes to /login', async ({ page }) => {
    const staff = addStaff('Technician');
    await signInQuickly(page, staff);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    rosterCommand(['staff:deactivate', '--service-number', staff.serviceNumber]);

    await page.getByRole('region', { name: 'Profile' }).getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Error: Session expired. Please log in again.');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
  });

  test('the live connection comes up once signed in', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/dashboard');
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  });
});
