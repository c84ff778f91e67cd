import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

/** `YYYY-MM-DDTHH:mm` of a date-time field, `hours` from now (the context's time zone is UTC). */
const fieldValue = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);

test.describe('The on-call rota at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'UTC' });

  test('an Admin puts an engineer on call for ICU from User Management, in both themes', async ({ page }) => {
    const engineer = addStaff('Engineer', 'Aaron Abban Oncall');
    await signInQuickly(page, addStaff('Admin'));
    await page.goto('/users');
    await page.getByRole('link', { name: 'On-call rota' }).click();
    await expect(page).toHaveURL(/\/users\/on-call$/);
    await expect(page.getByRole('heading', { name: 'On-call rota', level: 1 })).toBeVisible();
    await page.getByLabel('Department').selectOption('ICU');
    await expect(page.getByRole('heading', { name: 'Who covers ICU' })).toBeVisible();

    await page.getByLabel('Engineer').selectOption({ label: engineer.name });
    await page.getByLabel('From').fill(fieldValue(-1));
    await page.getByLabel('To').fill(fieldValue(8));
    await page.getByRole('button', { name: 'Add shift' }).click();
    const onCallNow = page.locator('.ck-facts__row', { hasText: 'On call now' });
    await expect(onCallNow).toContainText(engineer.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('on-call-light.png'), fullPage: true });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(onCallNow).toContainText(engineer.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('on-call-dark.png'), fullPage: true });

    await page.getByRole('button', { name: new RegExp(`^Remove ${engineer.name}`) }).click();
    await expect(onCallNow).toContainText('Nobody');
  });
});
