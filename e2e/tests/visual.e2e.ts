import { expect, test } from '../support/fixtures';

/**
 * Screenshot comparisons of the screens that show no data (so nothing in them changes from run to
 * run): the sign-in and registration pages, at desktop and phone width, light and dark. A change to
 * the kit's tokens, fonts or layout that moves them fails here and shows the difference in
 * e2e/.results/artifacts. After a deliberate change, look at the new images and accept them with
 * `npx playwright test -c e2e/playwright.config.ts tests/visual.e2e.ts --update-snapshots`.
 */
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Each screen once it is whole: the sign-in page with the hospital's provider it offers. */
const SCREENS = [
  {
    name: 'login',
    path: '/login',
    heading: 'Caliber Staff Login',
    ready: 'Sign in with Caliber demo directory',
  },
  { name: 'register', path: '/register', heading: 'Caliber Staff Registration', ready: null },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    for (const screen of SCREENS) {
      test(`${screen.name} looks as approved, ${theme}, ${size.name}`, async ({ page }) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { name: screen.heading })).toBeVisible();
        if (screen.ready) await expect(page.getByRole('button', { name: screen.ready })).toBeVisible();
        // Fonts decide every line break: compare only once they are in.
        await page.evaluate(() => document.fonts.ready);
        await expect(page).toHaveScreenshot(`${screen.name}-${size.name}-${theme}.png`, {
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
        });
      });
    }
  }
}
