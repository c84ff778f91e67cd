import type { Page } from '@playwright/test';
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

/** Signs in an Engineer and opens the dashboard with its data: with the demo data it is longer than the window. */
async function longDashboard(page: Page): Promise<number> {
  await signInQuickly(page, addStaff('Engineer', undefined, { preApproved: true }));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'System Status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'the dashboard must be longer than the window for this test').toBeGreaterThan(
    page.viewportSize()?.height ?? 0,
  );
  return height;
}

/** Whether the element at the window's point (x, y) is the side navigation or inside it. */
const navigationAt = (page: Page, x: number, y: number) =>
  page.evaluate(([left, top]) => Boolean(document.elementFromPoint(left, top)?.closest('#side-nav')), [
    x,
    y,
  ] as const);

test.describe('Layout on a desktop', () => {
  test('the side navigation’s background runs the whole height of a page longer than the window', async ({
    page,
  }) => {
    const height = await longDashboard(page);
    const view = page.viewportSize() ?? { width: 1280, height: 800 };

    // Scrolled to the bottom, the window's left column is still the navigation, top to bottom.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    for (const y of [2, view.height / 2, view.height - 2]) expect(await navigationAt(page, 8, y)).toBe(true);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeInViewport();

    // The whole page drawn at once (a full-page capture, from the top): its bottom-left corner
    // has the navigation's colour, as the blank part of the navigation under its links has.
    await page.evaluate(() => window.scrollTo(0, 0));
    const pixel = (y: number) =>
      page.screenshot({ fullPage: true, clip: { x: 8, y, width: 1, height: 1 }, animations: 'disabled' });
    const navigationColour = await pixel(view.height - 20);
    for (const y of [Math.round(height * 0.75), height - 2])
      expect(
        (await pixel(y)).equals(navigationColour),
        `the page at (8, ${y}) has the navigation's colour`,
      ).toBe(true);
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

  test('the drawer opened at the bottom of a long page covers the window’s height', async ({ page }) => {
    await longDashboard(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInViewport();
    // Once it has slid in: the whole height of the window, from its top.
    await expect
      .poll(() => page.locator('#side-nav').boundingBox())
      .toMatchObject({ x: 0, y: 0, height: 844 });
    for (const y of [2, 422, 842]) expect(await navigationAt(page, 8, y)).toBe(true);
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
