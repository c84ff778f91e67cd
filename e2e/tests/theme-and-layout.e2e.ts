import { STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

test.describe('Theme', () => {
  test('follows the system preference until one is chosen, then keeps the choice', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/settings');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
    await expect(darkMode).toHaveAttribute('aria-checked', 'true');
    await expect(
      page.getByText('Your preference is saved to this device and follows your account.'),
    ).toBeVisible();
    await darkMode.click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('light');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('switch', { name: 'Dark Mode' }).click();
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('a light system gives the light theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('Layout at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation is a drawer with a backdrop', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav).toBeVisible();
    await page.mouse.click(370, 400); // the backdrop, right of the drawer
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });

  test('no screen scrolls sideways', async ({ page }) => {
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await signInQuickly(page, addStaff('Engineer', 'Nana Akua Agyeman-Badu'));
    for (const path of ['/dashboard', '/settings', '/equipment']) {
      await page.goto(path);
      await expect(
        page
          .getByRole('heading', { level: 1 })
          .or(page.getByRole('heading', { level: 2 }))
          .first(),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});
