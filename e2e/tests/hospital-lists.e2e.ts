import type { Page } from '@playwright/test';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

const stamp = () => Date.now().toString(36).slice(-5);

async function openLists(page: Page) {
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Hospital lists' });
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/settings\/lists$/);
  await expect(page.getByRole('heading', { name: 'Hospital lists', level: 1 })).toBeVisible();
}

/** The page's one message: what a change did, or why it was refused. */
const toast = (page: Page) => page.locator('.ck-toast, .hospital-lists .ck-error-box');
const departments = (page: Page) => page.getByRole('region', { name: 'Departments' });
const entry = (page: Page, name: string) =>
  departments(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })
    .first();

test.describe('Hospital lists', () => {
  test('an Admin adds a department with a ward, renames and retires it, and the equipment form follows', async ({
    page,
  }) => {
    const tag = stamp();
    const burns = `Burns Unit ${tag}`;
    const plastics = `Burns and Plastics ${tag}`;
    await signInQuickly(page, addStaff('Admin'));
    await openLists(page);

    await departments(page).getByLabel('New department').fill(burns);
    await departments(page).getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page)).toHaveText(`Department "${burns}" added.`);
    await expect(entry(page, burns)).toBeVisible();

    await entry(page, burns)
      .getByRole('button', { name: `Add ward to ${burns}` })
      .click();
    await entry(page, burns).getByLabel(`New ward of ${burns}`).fill('Bay 1');
    await entry(page, burns).getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page)).toHaveText('Ward "Bay 1" added.');
    await expect(page.getByRole('list', { name: `Wards of ${burns}` })).toContainText('Bay 1');

    await entry(page, burns)
      .getByRole('button', { name: `Rename ${burns}` })
      .click();
    await page.getByLabel(`New name for ${burns}`).fill(plastics);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page)).toHaveText(
      `"${burns}" is now "${plastics}"; records carrying the old name follow.`,
    );
    await expect(entry(page, plastics)).toContainText(`Formerly ${burns}`);
    // The old name still finds it.
    await page.getByLabel('Search the lists').fill(burns);
    await expect(departments(page).getByRole('listitem').first()).toContainText(plastics);
    await page.getByLabel('Search the lists').fill('');

    // The equipment form offers it, with its ward for the location.
    await page.goto('/add-equipment');
    const form = page.getByRole('form', { name: 'Add Equipment' });
    await form.getByLabel('Department').selectOption(plastics);
    await expect(form.locator('datalist option')).toHaveAttribute('value', 'Bay 1');
    await form.getByLabel('Name').fill(`Warmer ${tag}`);
    await form.getByLabel('Serial Number').fill(`HL-${tag}`);
    await form.getByLabel('Manufacturer').fill('GE');
    await form.getByLabel('Model').fill('Giraffe');
    await form.getByLabel('Category').selectOption('Other');
    await form.getByLabel('Location').fill('Bay 1');
    await form.getByLabel('Installation Date').fill('2024-06-01');
    await form.getByRole('button', { name: 'Save Equipment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Equipment added successfully!' })).toBeVisible();

    // Retired: no longer offered for a new device, and the device keeps it.
    await openLists(page);
    await entry(page, plastics)
      .getByRole('button', { name: `Retire ${plastics}` })
      .click();
    await expect(toast(page)).toHaveText(`"${plastics}" retired.`);
    await expect(entry(page, plastics)).toContainText('Retired');
    await page.goto('/add-equipment');
    await expect(page.getByLabel('Department').locator('option', { hasText: /^ICU$/ })).toHaveCount(1);
    await expect(page.getByLabel('Department').locator('option', { hasText: plastics })).toHaveCount(0);
    await page.goto(`/equipment?q=HL-${tag}`);
    await expect(page.locator('.equipment-card').first()).toContainText(plastics);
  });

  test('a refused change shows the server message', async ({ page }) => {
    await signInQuickly(page, addStaff('Admin'));
    await openLists(page);
    await departments(page).getByLabel('New department').fill('icu');
    await departments(page).getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page)).toHaveText('Department "ICU" is already on the list.');
    await departments(page).getByLabel('New department').fill('Eye');
    await departments(page).getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page)).toHaveText(
      '"Eye" was a name of Ophthalmology: a name stays with the department that had it. Choose another name.',
    );
    await departments(page).getByLabel('New department').fill(' ');
    await departments(page).getByRole('button', { name: 'Add', exact: true }).click();
    await expect(departments(page).getByText('Type a name to add.')).toBeVisible();
    await page.screenshot({ path: '/tmp/hospital-lists-refused-desktop-light.png', animations: 'disabled' });
  });

  test('others see the lists read-only', async ({ page }) => {
    await signInQuickly(page, addStaff('Engineer'));
    await page.goto('/settings');
    await expect(page.getByRole('region', { name: 'Hospital lists' }).getByRole('link')).toHaveText(
      'View lists',
    );
    await openLists(page);
    await expect(page.getByText('Only Admins change these lists.')).toBeVisible();
    await expect(entry(page, 'Radiology Department')).toContainText('Formerly Radiology');
    await expect(page.getByRole('button', { name: /^(Rename|Retire|Add)/ })).toHaveCount(0);
    await expect(page.getByLabel('New department')).toHaveCount(0);
  });
});

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`Hospital lists, ${theme}, ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      await signInQuickly(page, addStaff('Admin'));
      await openLists(page);
      await expect(entry(page, 'ICU')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      // With an Admin's controls (the accessibility suite checks the read-only view).
      await entry(page, 'ICU').getByRole('button', { name: 'Rename ICU' }).click();
      const violations = await accessibilityViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.screenshot({
        path: `e2e/.results/screens/hospital-lists-${size.name}-${theme}.png`,
        animations: 'disabled',
      });
    });
  }
}
