import type { Locator, Page } from '@playwright/test';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

/*
 * Vendors are never deleted and the test database is shared with other runs: each test names its
 * vendor uniquely and leaves it retired, out of the active list everyone else sees.
 */
let counter = 0;
const marker = () => `VND${Date.now().toString(36)}${++counter}`.toUpperCase();

/** A vendor's entry in the list, by its name. */
const rowOf = (page: Page, name: string): Locator =>
  page.getByRole('list', { name: 'Vendors' }).getByRole('listitem', { name, exact: true });

/** No screen scrolls sideways at phone width. */
async function expectNoSideways(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('Vendors', () => {
  test('an Engineer adds a vendor, finds it by search, changes its phone and retires it', async ({
    page,
  }) => {
    const name = `${marker()} Medical Systems`;
    await signInQuickly(page, addStaff('Engineer'));
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Vendors' })
      .click();
    await expect(page).toHaveURL(/\/equipment\/vendors$/);
    await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add vendor' }).click();
    const adding = page.getByRole('dialog', { name: 'Add vendor' });
    await adding.getByLabel('Name', { exact: true }).fill(name);
    // No kind ticked: refused in the form, nothing sent.
    await adding.getByRole('button', { name: 'Add vendor' }).click();
    await expect(
      adding.getByText('Choose what the vendor is: manufacturer, supplier or service provider.'),
    ).toBeVisible();
    await adding.getByLabel('Manufacturer').check();
    await adding.getByLabel('Service provider').check();
    await adding.getByLabel('Contact', { exact: true }).fill('Service desk');
    await adding.getByLabel('Phone', { exact: true }).fill('+233 30 221 0000');
    await adding.getByLabel('Email', { exact: true }).fill('service@vendor.example');
    await adding.getByLabel('Website', { exact: true }).fill('https://www.vendor.example');
    await adding.getByRole('button', { name: 'Add vendor' }).click();
    await expect(page.getByText(`${name} added.`)).toBeVisible();
    await expect(adding).toBeHidden();

    // Found by a part of its name, the search in the address.
    await page.getByLabel('Search', { exact: true }).fill(name.slice(0, 12).toLowerCase());
    await expect(page).toHaveURL(/[?&]q=/);
    const row = rowOf(page, name);
    await expect(row).toContainText('Manufacturer');
    await expect(row).toContainText('Service provider');
    await expect(row.getByRole('link', { name: '+233 30 221 0000' })).toHaveAttribute(
      'href',
      'tel:+233302210000',
    );
    await expect(row.getByRole('link', { name: 'service@vendor.example' })).toHaveAttribute(
      'href',
      'mailto:service@vendor.example',
    );
    await expect(row.getByRole('link', { name: 'www.vendor.example' })).toHaveAttribute('target', '_blank');

    // Its number changes.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editing = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(editing.getByLabel('Phone', { exact: true })).toHaveValue('+233 30 221 0000');
    await editing.getByLabel('Phone', { exact: true }).fill('+233 30 221 0100 ext 12');
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    await expect(row.getByRole('link', { name: '+233 30 221 0100 ext 12' })).toHaveAttribute(
      'href',
      'tel:+233302210100;ext=12',
    );

    // Retired: gone from the active vendors, listed under Retired with its badge.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(editing.getByText(/A retired vendor is no longer offered for new records/)).toBeVisible();
    await editing.getByLabel('Retired', { exact: true }).check();
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} retired.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No vendors found')).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('retired');
    await expect(page).toHaveURL(/[?&]status=retired(&|$)/);
    await expect(row).toContainText('Retired');
  });
});

test.describe('Vendors at phone width in the dark theme', () => {
  test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });

  test('a Technician reads the vendors without Add or Edit', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // At phone width the navigation is a drawer.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Vendors' })
      .click();
    await expect(page).toHaveURL(/\/equipment\/vendors$/);
    await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
    // The list or its empty state, whatever other runs left.
    await expect(
      page.getByRole('list', { name: 'Vendors' }).or(page.getByText('No vendors found')),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add vendor' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await page.getByLabel('Status', { exact: true }).selectOption('all');
    await expect(page).toHaveURL(/[?&]status=all(&|$)/);
    await expectNoSideways(page, 360);
    await page.screenshot({
      path: test.info().outputPath('vendors-technician-dark-phone.png'),
      fullPage: true,
    });
  });
});
