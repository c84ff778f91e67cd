import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

/**
 * The screens a person looks at first, at desktop and phone width, light and dark, saved under
 * e2e/.results/screens for review. Each must render its heading without sideways scrolling.
 */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`Login, Dashboard, Equipment and Settings, ${theme}, ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      const shoot = async (screen: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await page.screenshot({
          path: `e2e/.results/screens/${screen}-${size.name}-${theme}.png`,
          fullPage: true,
        });
      };

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Caliber Staff Login' })).toBeVisible();
      await shoot('login');

      await signInQuickly(page, addStaff('Engineer', 'Abena Osei-Bonsu'));
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'System Status' })).toBeVisible();
      // The live indicator is hidden at phone width to leave room for the user and Logout.
      if (size.name === 'desktop')
        await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
      await shoot('dashboard');

      await page.goto('/equipment');
      await expect(page.getByText(/equipment\(s\) found/)).toBeVisible();
      await shoot('equipment');
      await page.locator('.equipment-card__open').first().click();
      await expect(page.getByRole('heading', { name: 'Status history' })).toBeVisible();
      await page.screenshot({
        path: `e2e/.results/screens/equipment-detail-${size.name}-${theme}.png`,
        animations: 'disabled',
      });
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
      await shoot('settings');

      if (size.name === 'phone') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
        await page.screenshot({
          path: `e2e/.results/screens/drawer-${size.name}-${theme}.png`,
          animations: 'disabled',
        });
      }
    });
  }
}
