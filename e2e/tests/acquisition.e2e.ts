import type { Page } from '@playwright/test';
import { STORAGE_KEYS, type EquipmentDto } from '@caliber/contracts';
import { addStaff, expect, inSeparateBrowsers, signInQuickly, test } from '../support/fixtures';

let counter = 0;
const marker = () => `ACQ${Date.now().toString(36)}${++counter}`.toUpperCase();

/** Posts to the API with the signed-in person's session, as the screens would. */
async function post(page: Page, path: string, data: Record<string, unknown>) {
  const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.token);
  return page.request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
}

/** Adds a device through the API, as the screens would. */
async function addDevice(page: Page, name: string): Promise<EquipmentDto> {
  const answer = await post(page, '/api/equipment', {
    name,
    manufacturer: 'Hamilton Medical',
    model: 'C6',
    serialNumber: `${name}-SN`,
    department: 'ICU',
    location: 'ICU Bed 2',
    installationDate: '2024-03-01',
    status: 'Serviceable',
    category: 'Ventilator',
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as EquipmentDto;
}

const section = (page: Page) => page.getByRole('region', { name: 'Acquisition' });
const fact = (page: Page, label: string) =>
  section(page).locator('.ck-facts__row', { hasText: label }).locator('dd');

test.describe('What a device cost', () => {
  test('an Engineer records it on the device page, a Manager reads it, a Technician never sees it', async ({
    browser,
  }) => {
    await inSeparateBrowsers(browser, ['Engineer', 'Technician'] as const, async ([engineer, technician]) => {
      const name = `${marker()} Ventilator`;
      const device = await addDevice(engineer, name);
      // The supplier is a vendor of the list: one of the manufacturer's kind only, to be shown.
      const supplier = `${name} Hamilton Medical AG`;
      const vendor = await post(engineer, '/api/vendors', { name: supplier, kinds: ['manufacturer'] });
      expect(vendor.status(), await vendor.text()).toBe(201);
      await engineer.goto(`/equipment/${device._id}`);
      await expect(fact(engineer, 'Acquisition cost')).toHaveText('Not recorded');
      await section(engineer).getByRole('button', { name: 'Edit' }).click();
      const form = section(engineer).getByRole('form', { name: 'Edit acquisition figures' });

      // A figure out of range is refused under its field, in the form's words; nothing is sent.
      await form.getByLabel('Expected service life (years)').fill('2.5');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Expected service life must be a whole number of years.')).toBeVisible();

      // A purchase in the future is the server's to refuse: its message shows above Save.
      await form.getByLabel('Expected service life (years)').fill('10');
      await form.getByLabel('Purchase date').fill('2099-01-01');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('The purchase date cannot be in the future.')).toBeVisible();

      await form.getByLabel('Acquisition cost').fill('48500');
      await form.getByLabel('Purchase date').fill('2024-02-29');
      // Suppliers are offered first: this vendor only once every vendor is asked for.
      const picker = form.getByRole('combobox', { name: /^Supplier/ });
      await picker.fill(`${name} Hamilton`);
      await expect(form.getByText(`No vendors match "${name} Hamilton".`)).toBeVisible();
      await form.getByLabel('Show every vendor, not only suppliers').check();
      await picker.fill(`${name} Hamilton`);
      await form.getByRole('option', { name: supplier }).click();
      await expect(picker).toHaveValue(supplier);
      await form.screenshot({ path: test.info().outputPath('acquisition-form-light.png') });
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(engineer.getByText('Acquisition figures saved.')).toBeVisible();
      await expect(form).toHaveCount(0);
      await expect(fact(engineer, 'Supplier')).toHaveText(supplier);
      await expect(fact(engineer, 'Expected service life')).toHaveText('10 years');
      await expect(fact(engineer, 'Acquisition cost')).toContainText('48,500.00');
      await expect(fact(engineer, 'Plan replacement by')).toContainText('2034');

      // A Technician's page has no such section, and the API refuses them too.
      await technician.goto(`/equipment/${device._id}`);
      await expect(technician.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(section(technician)).toHaveCount(0);

      // A Manager reads the figures at phone width in the dark theme, and may not edit them.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: 'dark',
      });
      try {
        const manager = await context.newPage();
        await signInQuickly(manager, addStaff('Manager'));
        await manager.goto(`/equipment/${device._id}`);
        await expect(fact(manager, 'Supplier')).toHaveText(supplier);
        await expect(section(manager).getByRole('button', { name: 'Edit' })).toHaveCount(0);
        await section(manager).screenshot({
          path: test.info().outputPath('acquisition-manager-dark-phone.png'),
        });
      } finally {
        await context.close();
      }
      await section(engineer).screenshot({ path: test.info().outputPath('acquisition-engineer-light.png') });
    });
  });
});
