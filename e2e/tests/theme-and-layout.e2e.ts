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

  test('the theme follows the account to another device, and Reset Preferences forgets it', async ({
    browser,
  }) => {
    const staff = addStaff('Technician');
    const laptop = await browser.newContext({ colorScheme: 'light' });
    const tablet = await browser.newContext({ colorScheme: 'light' });
    try {
      const first = await laptop.newPage();
      await signInQuickly(first, staff);
      await first.goto('/settings');
      const saved = first.waitForResponse((response) => response.url().endsWith('/api/settings/appearance'));
      await first.getByRole('switch', { name: 'Dark Mode' }).click();
      expect((await saved).status()).toBe(200);
      await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');

      // A device that never chose a theme opens in the account's. (Same session: a second code
      // within the resend cool-down would be refused.)
      const session = await first.evaluate(
        (keys) => [localStorage.getItem(keys.token), localStorage.getItem(keys.user)] as const,
        STORAGE_KEYS,
      );
      const second = await tablet.newPage();
      await second.goto('/login');
      await expect(second.getByRole('button', { name: 'Send OTP' })).toBeVisible();
      await second.evaluate(
        ([keys, [token, user]]) => {
          localStorage.setItem(keys.token, token ?? '');
          localStorage.setItem(keys.user, user ?? '');
        },
        [STORAGE_KEYS, session] as const,
      );
      await second.goto('/dashboard');
      await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await second.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('dark');

      await second.goto('/settings');
      second.once('dialog', (dialog) => void dialog.accept());
      await second.getByRole('button', { name: 'Reset Preferences' }).click();
      await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
      await second.reload();
      await expect(second.getByRole('switch', { name: 'Dark Mode' })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
    } finally {
      await laptop.close();
      await tablet.close();
    }
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

    const menu = page.getByRole('button', { name: 'Open navigation' });
    await menu.click();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    // The covered page is inert: Tab stays in the drawer, and assistive technology skips the page.
    await expect(page.locator('.app-main')).toHaveAttribute('inert', '');
    for (let press = 0; press < 10; press += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.app-main')))).toBe(false);
    }
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(page.locator('.app-main')).not.toHaveAttribute('inert');
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
