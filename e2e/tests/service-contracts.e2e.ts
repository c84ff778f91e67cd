import type { Locator, Page } from '@playwright/test';
import type { Vendor } from '@caliber/contracts';
import { signInThroughApi } from '../../infra/testing/outbox';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { e2eValue } from '../support/environment';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

let counter = 0;
/** A tag no other run's vendors, devices or contracts carry: the test finds its own by it. */
const marker = () => `SC${Date.now().toString(36)}${++counter}`.toUpperCase();

const DAY = 86_400_000;
/** `days` from today (UTC): far enough from the term's ends that the hospital's time zone does not matter. */
const daysFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** An Admin's calls that set the scene: a service provider and a device for the contract to name. */
class ContractsScene extends SceneApi {
  async addVendor(name: string): Promise<Vendor> {
    const answer = await this.request.post('/api/vendors', {
      headers: this.headers,
      data: { name, kinds: ['service'], phone: '+44 20 7946 0321' },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as Vendor;
  }

  async addMonitor(tag: string) {
    return this.addDevice(tag, {
      name: `${tag} Patient Monitor`,
      manufacturer: 'Philips',
      model: 'IntelliVue MX450',
      location: 'ICU Bed 3',
      installationDate: '2023-05-02',
      category: 'Other',
    });
  }
}

/** The value beside a term of the contract page's facts. */
const fact = (page: Page, term: string): Locator =>
  page.locator('.ck-facts__row', { has: page.locator('dt', { hasText: term }) }).locator('dd');

/** The page passes the WCAG A and AA rules (colour contrast among them) as it stands. */
async function expectAccessible(page: Page): Promise<void> {
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** No screen scrolls sideways at `width`. */
async function expectNoSideways(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('Service contracts', () => {
  test('a Manager records a contract covering a device, finds it in the list and on its page, and changes its cost', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const admin = addStaff('Admin');
    const { token } = await signInThroughApi(e2eValue('baseUrl'), admin.serviceNumber, e2eValue('outbox'));
    // Its own request context: nothing of the Manager's browser session goes with the Admin's calls.
    const scene = new ContractsScene(request, token);
    const tag = marker();
    const vendor = await scene.addVendor(`${tag} Medical Services`);
    const device = await scene.addMonitor(tag);
    const reference = `${tag}-FS`;

    await signInQuickly(page, addStaff('Manager'));
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Service contracts' }).click();
    await expect(page).toHaveURL(/\/equipment\/contracts$/);
    await expect(page.getByRole('heading', { name: 'Service contracts', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New contract' }).click();

    const form = page.getByRole('form', { name: 'New service contract' });
    // Nothing covered is refused before anything is sent, in the form's words.
    await form.getByRole('button', { name: 'Save contract' }).click();
    await expect(
      form.getByText('Name what the contract covers: devices, models or a department.'),
    ).toBeVisible();

    await form.getByRole('combobox', { name: 'Vendor' }).fill(tag);
    await form.getByRole('option', { name: vendor.name }).click();
    await expect(form.getByRole('combobox', { name: 'Vendor' })).toHaveValue(vendor.name);
    await form.getByLabel('Contract number').fill(reference);
    await form.getByLabel('First day').fill(daysFromToday(-10));
    // Ends within 90 days: due for its first renewal notice.
    await form.getByLabel('Last day').fill(daysFromToday(45));
    await form.getByLabel('Annual cost').fill('12500');
    await form.getByLabel('Response time in hours (optional)').fill('8');
    await form.getByRole('combobox', { name: 'Devices' }).fill(device.serialNumber);
    await form
      .getByRole('option', { name: new RegExp(`^${device.name} \\(${device.serialNumber}\\)`) })
      .click();
    // The list opens again for the next device (hiding the rest of the page from assistive
    // technology while it is open, as a listbox does): Escape closes it.
    await page.keyboard.press('Escape');
    await expect(form.getByRole('list', { name: 'Devices named' })).toContainText(device.serialNumber);
    await form.getByRole('button', { name: 'Save contract' }).click();

    await expect(page).toHaveURL(/\/equipment\/contracts\/[0-9a-f-]{36}$/);
    const contractPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: `${vendor.name} ${reference}`, level: 1 })).toBeVisible();
    await expect(fact(page, 'Annual cost')).toContainText('12,500.00');
    await expect(fact(page, 'Response time')).toHaveText('within 8 hours');
    await expect(fact(page, 'Planned maintenance')).toHaveText('Included');
    await expect(
      page.getByRole('region', { name: 'What it covers' }).getByRole('link', { name: device.name }),
    ).toHaveAttribute('href', `/equipment/${device._id}`);

    // In the list of contracts in force, found by its number, with its renewal notice.
    await page.getByRole('link', { name: 'Back to Service contracts' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: reference }) });
    await expect(row).toContainText(vendor.name);
    await expect(row).toContainText('Full service');
    await expect(row).toContainText('Covers 1 device');
    await expect(row).toContainText(/Renewal due: ends in \d+ days/);
    await page.getByLabel('Show', { exact: true }).selectOption('renewal-due');
    await expect(row).toBeVisible();

    // The cost changes; the page shows the new one.
    await row.getByRole('link', { name: reference }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const editForm = page.getByRole('form', { name: 'Edit service contract' });
    await expect(editForm.getByLabel('Annual cost')).toHaveValue('12500');
    await editForm.getByLabel('Annual cost').fill('13750.25');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`${contractPath}$`));
    await expect(fact(page, 'Annual cost')).toContainText('13,750.25');

    // Reporting a fault on the covered device says who to call, never what the contract costs.
    await page.goto(`/report-issue?equipment=${device._id}`);
    const cover = page.getByRole('region', { name: 'Warranty and service contracts' });
    await expect(cover).toContainText(`Under a full service contract with ${vendor.name} until`);
    await expect(cover).toContainText(
      `quote contract ${reference}. Response within 8 hours. Planned maintenance included.`,
    );
    await expect(cover).not.toContainText('13,750');
    await page.screenshot({ path: test.info().outputPath('cover-on-report-issue.png'), fullPage: true });

    // At phone width in the dark theme the contract page reads whole, without sideways scrolling.
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
    try {
      const manager = await phone.newPage();
      await signInQuickly(manager, addStaff('Manager'));
      await manager.goto(contractPath);
      await expect(manager.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(
        manager.getByRole('heading', { name: `${vendor.name} ${reference}`, level: 1 }),
      ).toBeVisible();
      await expect(fact(manager, 'Annual cost')).toContainText('13,750.25');
      await expectNoSideways(manager, 360);
      await expectAccessible(manager);
      await manager.screenshot({
        path: test.info().outputPath('service-contract-dark-phone.png'),
        fullPage: true,
      });
      await manager.goto(`${contractPath}/edit`);
      await expect(manager.getByRole('form', { name: 'Edit service contract' })).toBeVisible();
      await expectNoSideways(manager, 360);
      await expectAccessible(manager);
      await manager.goto(`/equipment/contracts?q=${tag}`);
      await expect(manager.getByRole('link', { name: reference })).toBeVisible();
      await expectNoSideways(manager, 360);
      await expectAccessible(manager);
    } finally {
      await phone.close();
    }
  });

  test('a Technician has no entry and is sent away from the contracts', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Tasks' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Service contracts' })).toHaveCount(
      0,
    );
    await page.goto('/equipment/contracts');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/equipment/contracts/new');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
