import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
for (const [w, theme] of [[390, 'dark'], [1280, 'light'], [800, 'light']] as const) {
  test(`look users ${w} ${theme}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: 900 });
    await page.emulateMedia({ colorScheme: theme });
    await signInQuickly(page, addStaff('Engineer', 'Look Person'));
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/look-users-${w}-${theme}.png`, fullPage: false });
  });
}
