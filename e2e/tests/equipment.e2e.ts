import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, inSeparateBrowsers, signInQuickly, test } from '../support/fixtures';

let counter = 0;
const marker = () => `E2E${Date.now().toString(36)}${++counter}`.toUpperCase();

/** Fills the Add Equipment form (inline or page) with a valid device. */
async function fillDevice(page: Page, name: string, serialNumber: string, status = 'Serviceable') {
  const form = page.getByRole('form', { name: 'Add Equipment' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Serial Number').fill(serialNumber);
  await form.getByLabel('Manufacturer').fill('Hamilton Medical');
  await form.getByLabel('Model').fill('C6');
  await form.getByLabel('Category').selectOption('Ventilator');
  await form.getByLabel('Department').selectOption('ICU');
  await form.getByLabel('Location').fill('ICU Bed 7');
  await form.getByLabel('Status').selectOption(status);
  await form.getByLabel('Installation Date').fill('2024-05-02');
  await form.getByLabel('Warranty Expiry').fill('2027-05-02');
  return form;
}

test.describe('Equipment inventory', () => {
  test('lists the demo inventory with count lines, filters, search, paging and the empty state', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/equipment');
    // The demo inventory has 60 items; other tests may have added theirs.
    const countLine = page.getByText(
      /^\d+ equipment\(s\) found in All Departments with status All Statuses$/,
    );
    await expect(countLine).toBeVisible();
    const total = Number((await countLine.textContent())?.split(' ')[0]);
    expect(total).toBeGreaterThanOrEqual(60);
    await expect(page.getByText(`Showing 1-9 of ${total} total`)).toBeVisible();
    await expect(page.locator('.equipment-card')).toHaveCount(9);

    const department = page.getByLabel('Department');
    await expect(department.locator('option').first()).toHaveText('All Departments');
    await expect(page.getByLabel('Status').locator('option').first()).toHaveText('All Statuses');

    const pager = page.getByRole('navigation', { name: 'Equipment pages' });
    await pager.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page.getByText(`Showing 10-18 of ${total} total`)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await department.selectOption('ICU');
    await expect(page.getByText(/^\d+ equipment\(s\) found in ICU with status All Statuses$/)).toBeVisible();
    await expect(page).not.toHaveURL(/page=2/);
    for (const text of await page.locator('.equipment-card dt:text-is("Department") + dd').allTextContents())
      expect(text).toBe('ICU');

    await page.getByLabel('Status').selectOption('Serviceable');
    await expect(page.getByText(/found in ICU with status Serviceable$/)).toBeVisible();
    for (const badge of await page.locator('.equipment-card .ck-badge').allTextContents())
      expect(badge).toBe('Serviceable');

    await page.getByLabel('Search').fill('no such device anywhere');
    await expect(page.getByText('No equipment found')).toBeVisible();
    await expect(
      page.getByText("Try adjusting your search or filter to find what you're looking for."),
    ).toBeVisible();
    await expect(page.getByText(/matching "no such device anywhere"$/)).toBeVisible();
  });

  // The form's rules (required fields marked and the first focused, the server's refusal, a
  // success other than 201) are checked by EquipmentInventoryPage.ctest.tsx.
  test('adds a device inline: success on 201, then found by search', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/equipment');
    await page.getByRole('button', { name: 'Add Equipment' }).click();
    const form = page.getByRole('form', { name: 'Add Equipment' });

    const name = `${marker()} Ventilator`;
    await fillDevice(page, name, `${name}-SN`);
    await form.getByRole('button', { name: 'Save Equipment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Equipment added successfully!' })).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');

    await page.getByLabel('Search').fill(name);
    await expect(
      page.getByText(`1 equipment(s) found in All Departments with status All Statuses matching "${name}"`),
    ).toBeVisible();
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('Hamilton Medical');
    await expect(card).toContainText('ICU Bed 7');
    await expect(card.locator('.ck-badge')).toHaveText('Serviceable');
  });

  test('the Add Equipment page shows the server message for a duplicate serial, and the error fallbacks', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/add-equipment');
    await expect(page.getByRole('heading', { name: 'Add Equipment', level: 1 })).toBeVisible();
    const name = `${marker()} Monitor`;
    const form = await fillDevice(page, name, `${name}-SN`);
    await form.getByRole('button', { name: 'Save Equipment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Equipment added successfully!' })).toBeVisible();

    await fillDevice(page, `${name} again`, `${name}-sn`);
    await form.getByRole('button', { name: 'Save Equipment' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      `Serial number ${name}-sn is already in the inventory (${name}).`,
    );

    await page.route('**/api/equipment', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 200, json: {} }) : route.continue(),
    );
    await fillDevice(page, `${name} 2`, `${name}-SN-2`);
    await form.getByRole('button', { name: 'Save Equipment' }).click();
    await expect(form.getByRole('alert')).toHaveText('Unexpected response from server');

    await page.unroute('**/api/equipment');
    await page.route('**/api/equipment', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await form.getByRole('button', { name: 'Save Equipment' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to add equipment');
  });

  test('changes made in one browser appear live in another; an Engineer decommissions', async ({
    browser,
  }) => {
    await inSeparateBrowsers(browser, ['Technician', 'Engineer'], async ([technicianPage, engineerPage]) => {
      const tag = marker();
      for (const page of [technicianPage, engineerPage]) {
        await page.goto(`/equipment?q=${tag}`);
        await expect(page.getByText('No equipment found')).toBeVisible();
        await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
      }

      await technicianPage.getByRole('button', { name: 'Add Equipment' }).click();
      const name = `${tag} Ventilator`;
      const form = await fillDevice(technicianPage, name, `${tag}-SN`);
      await form.getByRole('button', { name: 'Save Equipment' }).click();
      await expect(
        technicianPage.getByRole('status').filter({ hasText: 'Equipment added successfully!' }),
      ).toBeVisible();

      const seenByEngineer = engineerPage.getByRole('article', { name });
      await expect(seenByEngineer).toBeVisible();
      await expect(
        engineerPage.getByText(new RegExp(`^1 equipment\\(s\\) found .* matching "${tag}"$`)),
      ).toBeVisible();

      await seenByEngineer.getByRole('button', { name }).click();
      const dialog = engineerPage.getByRole('dialog', { name });
      await dialog.getByLabel('New status').selectOption('Decommissioned');
      await dialog.getByLabel('Reason').fill('Beyond economic repair');
      await dialog.getByRole('button', { name: 'Update Status' }).click();
      await expect(
        engineerPage.getByRole('status').filter({ hasText: 'Status changed to Decommissioned.' }),
      ).toBeVisible();
      await expect(dialog.getByText('Beyond economic repair')).toBeVisible();
      await engineerPage.keyboard.press('Escape');

      for (const page of [engineerPage, technicianPage]) {
        const badge = page.getByRole('article', { name }).locator('.ck-badge');
        await expect(badge).toHaveText('Decommissioned');
        await expect(badge).toHaveClass(/ck-badge--grey/);
      }

      await technicianPage.getByRole('article', { name }).getByRole('button', { name }).click();
      const technicianDialog = technicianPage.getByRole('dialog', { name });
      await expect(
        technicianDialog.getByText('Only Engineers and Admins may change the status of this equipment.'),
      ).toBeVisible();
      await expect(technicianDialog.getByLabel('New status')).toBeDisabled();
      await expect(technicianDialog.getByRole('button', { name: 'Update Status' })).toBeDisabled();
      await expect(technicianDialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    });
  });

  test('Under Maintenance is a yellow Unserviceable badge; only an Engineer returns the device to service', async ({
    browser,
  }) => {
    await inSeparateBrowsers(browser, ['Technician', 'Engineer'], async ([technicianPage, engineerPage]) => {
      const tag = marker();
      const name = `${tag} Infusion Pump`;
      await technicianPage.goto('/add-equipment');
      const form = await fillDevice(technicianPage, name, `${tag}-SN`, 'Under Maintenance');
      await form.getByRole('button', { name: 'Save Equipment' }).click();
      await expect(
        technicianPage.getByRole('status').filter({ hasText: 'Equipment added successfully!' }),
      ).toBeVisible();

      await technicianPage.goto(`/equipment?q=${tag}`);
      const card = technicianPage.getByRole('article', { name });
      await expect(card.locator('.ck-badge')).toHaveText('Unserviceable');
      await expect(card.locator('.ck-badge')).toHaveClass(/ck-badge--yellow/);

      // Anywhere on the card opens it, not only the name; and the keyboard opens it too.
      // The location text lies under the card's click area: a tap on it is a tap on the card
      // (`force` clicks at its spot without asking whether the text itself takes the click).
      await card.getByText('ICU Bed 7').click({ force: true });
      const dialog = technicianPage.getByRole('dialog', { name });
      await expect(dialog.locator('.status-history .ck-badge--yellow')).toHaveText('Unserviceable');
      expect(await dialog.getByLabel('New status').locator('option').allTextContents()).toEqual([
        'Under Maintenance',
        'Unserviceable',
      ]);
      await technicianPage.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await card.getByRole('button', { name }).focus();
      await technicianPage.keyboard.press('Enter');
      await expect(dialog).toBeVisible();

      await engineerPage.goto(`/equipment?q=${tag}`);
      await engineerPage.getByRole('article', { name }).click();
      const engineerDialog = engineerPage.getByRole('dialog', { name });
      await engineerDialog.getByLabel('New status').selectOption('Serviceable');
      await engineerDialog.getByLabel('Reason').fill('Flow rate tested after repair');
      await engineerDialog.getByRole('button', { name: 'Update Status' }).click();
      await expect(
        engineerPage.getByRole('status').filter({ hasText: 'Status changed to Serviceable.' }),
      ).toBeVisible();

      // The technician's dialog follows live, and now offers no way back to service.
      await expect(dialog.locator('.detail-status .ck-badge')).toHaveText('Serviceable');
      await expect(card.locator('.ck-badge')).toHaveClass(/ck-badge--green/);
    });
  });

  test('a stale details dialog cannot overwrite a newer status', async ({ browser }) => {
    await inSeparateBrowsers(browser, ['Engineer', 'Engineer'], async ([pageOne, pageTwo]) => {
      const tag = marker();
      const name = `${tag} Defibrillator`;
      await pageOne.goto('/add-equipment');
      const form = await fillDevice(pageOne, name, `${tag}-SN`);
      await form.getByRole('button', { name: 'Save Equipment' }).click();
      await expect(
        pageOne.getByRole('status').filter({ hasText: 'Equipment added successfully!' }),
      ).toBeVisible();

      // The second screen has live updates off, so it keeps showing what it read.
      await pageTwo.evaluate((key) => localStorage.setItem(key, '0'), STORAGE_KEYS.liveUpdates);
      await pageTwo.goto(`/equipment?q=${tag}`);
      await pageTwo.getByRole('article', { name }).click();
      const stale = pageTwo.getByRole('dialog', { name });
      await expect(stale.getByLabel('New status')).toBeEnabled();

      await pageOne.goto(`/equipment?q=${tag}`);
      await pageOne.getByRole('article', { name }).click();
      const fresh = pageOne.getByRole('dialog', { name });
      await fresh.getByLabel('New status').selectOption('Unserviceable');
      await fresh.getByRole('button', { name: 'Update Status' }).click();
      await expect(
        pageOne.getByRole('status').filter({ hasText: 'Status changed to Unserviceable.' }),
      ).toBeVisible();

      await stale.getByLabel('New status').selectOption('Decommissioned');
      await stale.getByRole('button', { name: 'Update Status' }).click();
      await expect(stale.getByRole('alert')).toContainText('was changed by someone else');
    });
  });

  test('Items per page in Settings sets the inventory page size', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/equipment');
    await expect(page.getByText(/^Showing 1-9 of \d+ total$/)).toBeVisible();
    await page.goto('/settings');
    const preferences = page.getByRole('region', { name: 'Preferences' });
    await preferences.getByLabel('Items per page').selectOption('12');
    await preferences.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Equipment' })
      .click();
    await expect(page.getByText(/^Showing 1-12 of \d+ total$/)).toBeVisible();
    await expect(page.locator('.equipment-card')).toHaveCount(12);
  });

  test('a long status history loads older changes on request', async ({ page, request }) => {
    await signInQuickly(page, addStaff('Technician'));
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const headers = { authorization: `Bearer ${token}` };
    const tag = marker();
    const name = `${tag} Suction Unit`;
    const created = await request.post('/api/equipment', {
      headers,
      data: {
        name,
        manufacturer: 'Medela',
        model: 'Dominant Flex',
        serialNumber: `${tag}-SN`,
        department: 'ICU',
        location: 'ICU Bay 2',
        installationDate: '2021-01-04',
        status: 'Unserviceable',
        category: 'Suction',
      },
    });
    expect(created.status()).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    for (let change = 1; change <= 24; change += 1) {
      const status = change % 2 ? 'Under Maintenance' : 'Unserviceable';
      expect(
        (await request.put(`/api/equipment/${_id}/status`, { headers, data: { status } })).status(),
      ).toBe(200);
    }

    await page.goto(`/equipment?item=${_id}`);
    const dialog = page.getByRole('dialog', { name });
    const entries = dialog.locator('.status-history li');
    await expect(entries).toHaveCount(20);
    await dialog.getByRole('button', { name: 'Show older changes' }).click();
    await expect(entries).toHaveCount(25);
    await expect(dialog.getByRole('button', { name: 'Show older changes' })).toHaveCount(0);
    await expect(entries.last()).toContainText('Added to the inventory');
  });
});
