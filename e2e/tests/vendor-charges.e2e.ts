import type { Browser, Page } from '@playwright/test';
import { STORAGE_KEYS, type Role, type TaskDetail, type TaskDto, type Vendor } from '@caliber/contracts';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { addStaff, expect, signInQuickly, test, type Staff } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

let counter = 0;
/** A tag no other run's vendors, devices or tasks carry: the test finds its own by it. */
const marker = () => `VC${Date.now().toString(36)}${++counter}`.toUpperCase();

const DAY = 86_400_000;
/** `days` before today (UTC): far enough back that the hospital's time zone does not make it a future visit. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

/** Calls of the API as the signed-in person of a page, for setting the scene quickly. */
class Api extends SceneApi {
  async addVendor(name: string): Promise<Vendor> {
    const answer = await this.request.post('/api/vendors', {
      headers: this.headers,
      data: { name, kinds: ['service'], phone: '+44 20 7946 0321' },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as Vendor;
  }

  /** Retires a vendor this test added: the test database is shared, and its active list is everyone's. */
  async retireVendor(vendor: Vendor): Promise<void> {
    const answer = await this.request.put(`/api/vendors/${vendor.id}`, {
      headers: this.headers,
      data: {
        name: vendor.name,
        kinds: vendor.kinds,
        phone: vendor.phone,
        retired: true,
        version: vendor.version,
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  device(tag: string) {
    return this.addDevice(tag, {
      name: `${tag} Ventilator`,
      manufacturer: 'Philips',
      model: 'V60',
      location: 'ICU Bed 4',
      installationDate: '2022-03-01',
      category: 'Other',
    });
  }

  async task(data: Record<string, unknown>): Promise<TaskDto> {
    const answer = await this.request.post('/api/tasks', { headers: this.headers, data });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { task: TaskDto }).task;
  }

  async detail(id: string): Promise<TaskDetail> {
    const answer = await this.request.get(`/api/tasks/${id}`, { headers: this.headers });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as TaskDetail;
  }
}

interface Session {
  page: Page;
  staff: Staff;
  userId: string;
  api: Api;
}

async function signIn(page: Page, role: Role): Promise<Session> {
  // Approved to receive tasks, as the demo staff are.
  const staff = addStaff(role, `${role} ${marker()}`, { preApproved: true });
  const user = await signInQuickly(page, staff);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return { page, staff, userId: user._id, api: new Api(page.request, token ?? '') };
}

/** Runs `use` with a page of its own in a browser context with `options`, closed afterwards. */
async function inContext<T>(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** An amount as the browser's locale writes it in `currency`, as the screen does (`formatMoney`). */
const money = (page: Page, amount: number, currency: string | null) =>
  page.evaluate(
    ([value, code]) =>
      code
        ? new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(value)
        : value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    [amount, currency] as const,
  );

/** A date as the browser's locale writes it, as the screen does (`formatDate`). */
const shownDate = (page: Page, date: string) =>
  page.evaluate((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  }, date);

/** No screen scrolls sideways at `width`. */
async function expectNoSideways(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The page passes the WCAG A and AA rules (colour contrast among them) as it stands. */
async function expectAccessible(page: Page): Promise<void> {
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

test.describe('Vendor charges', () => {
  test('an Engineer records what a vendor charged for a task and sees it listed with its total; the Technician who did the work does not see it', async ({
    browser,
  }) => {
    // Three browsers and a dozen round trips, on a two-core machine shared with the stack.
    test.slow();
    await inContext(browser, {}, async (engineerPage) => {
      const engineer = await signIn(engineerPage, 'Engineer');
      const tag = marker();
      const vendor = await engineer.api.addVendor(`${tag} Biomedical Services`);
      try {
        const device = await engineer.api.device(tag);
        await inContext(browser, {}, async (technicianPage) => {
          const technician = await signIn(technicianPage, 'Technician');
          const title = `${tag} flow sensor`;
          const task = await engineer.api.task({
            title,
            description: 'Flow sensor reads high; the manufacturer replaces it under call-out.',
            taskType: 'Repair',
            priority: 'High',
            equipmentId: device._id,
            assignedTo: technician.userId,
            dueDate: '2030-06-30',
          });
          const visitDate = daysAgo(3);

          const page = engineer.page;
          await page.goto(`/tasks?task=${task._id}`);
          const details = page.getByRole('dialog', { name: title });
          await expect(details.getByRole('heading', { name: 'Vendor charges' })).toBeVisible();
          await expect(details.getByText('No vendor charges recorded.')).toBeVisible();
          await details.getByRole('button', { name: 'Record vendor charges' }).click();

          const form = page.getByRole('dialog', { name: `Vendor charges: ${title}` });
          const charge = form.getByRole('group', { name: 'Charge 1' });
          // Tapped first, as a person does: React Aria closes an open list when the dialog scrolls.
          await charge.getByRole('combobox', { name: 'Vendor' }).click();
          await charge.getByRole('combobox', { name: 'Vendor' }).fill(tag);
          await charge.getByRole('option', { name: new RegExp(vendor.name) }).click();
          await expect(charge.getByRole('combobox', { name: 'Vendor' })).toHaveValue(vendor.name);
          await charge.getByLabel('Visit date').fill(visitDate);
          await charge.getByLabel('Invoice number (optional)').fill(`${tag}-INV-7`);
          await charge.getByLabel('Amount').fill('480.25');
          await charge.getByLabel('Notes (optional)').fill('Call-out and a new flow sensor.');
          await form.getByRole('button', { name: 'Save vendor charges' }).click();
          await expect(page.getByText('Vendor charges saved.')).toBeVisible();
          await expect(form).toBeHidden();

          // Listed in the task's details with its total, amounts in the hospital currency.
          const { vendorCharges } = await engineer.api.detail(task._id);
          expect(vendorCharges?.charges.map((each) => [each.vendorName, each.amount])).toEqual([
            [vendor.name, 480.25],
          ]);
          const currency = vendorCharges?.currency ?? null;
          const table = details.getByRole('table', { name: 'Vendor charges' });
          const row = table.getByRole('row', { name: new RegExp(vendor.name) });
          await expect(row).toContainText(await shownDate(page, visitDate));
          await expect(row).toContainText(`${tag}-INV-7`);
          await expect(row).toContainText(await money(page, 480.25, currency));
          await expect(row).toContainText('Call-out and a new flow sensor.');
          await expect(table.getByRole('row', { name: /^Total/ })).toContainText(
            await money(page, 480.25, currency),
          );

          // Escape closes the charges form alone: the task's details stay open under it.
          await details.getByRole('button', { name: 'Edit vendor charges' }).click();
          await expect(form.getByRole('group', { name: 'Charge 1' }).getByLabel('Amount')).toHaveValue(
            '480.25',
          );
          await form.screenshot({ path: test.info().outputPath('vendor-charges-form-desktop.png') });
          await form.getByRole('group', { name: 'Charge 1' }).getByLabel('Amount').focus();
          await page.keyboard.press('Escape');
          await expect(form).toBeHidden();
          await expect(details).toBeVisible();
          await details.screenshot({ path: test.info().outputPath('vendor-charges-desktop.png') });

          // The Technician who did the work reads the task without its costs.
          await technician.page.goto(`/tasks?task=${task._id}`);
          const theirs = technician.page.getByRole('dialog', { name: title });
          await expect(theirs.getByRole('heading', { name: 'Work record' })).toBeVisible();
          await expect(theirs.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
          await expect(theirs.getByRole('heading', { name: 'Vendor charges' })).toHaveCount(0);
          await expect(theirs.getByText(vendor.name)).toHaveCount(0);
          await expect(theirs.getByRole('button', { name: /vendor charges/ })).toHaveCount(0);
          expect((await technician.api.detail(task._id)).vendorCharges).toBeNull();

          // At phone width in the dark theme the charges and their form read whole, without
          // sideways scrolling.
          await inContext(
            browser,
            { viewport: { width: 360, height: 780 }, colorScheme: 'dark' },
            async (phone) => {
              await signIn(phone, 'Manager');
              await phone.goto(`/tasks?task=${task._id}`);
              await expect(phone.locator('html')).toHaveAttribute('data-theme', 'dark');
              const onPhone = phone.getByRole('dialog', { name: title });
              const listed = onPhone.getByRole('table', { name: 'Vendor charges' });
              await expect(listed).toContainText(vendor.name);
              await listed.scrollIntoViewIfNeeded();
              await expectNoSideways(phone, 360);
              await expectAccessible(phone);
              await phone.screenshot({ path: test.info().outputPath('vendor-charges-dark-phone.png') });

              await onPhone.getByRole('button', { name: 'Edit vendor charges' }).click();
              const phoneForm = phone.getByRole('dialog', { name: `Vendor charges: ${title}` });
              await phoneForm.getByRole('button', { name: 'Add a charge' }).click();
              // A second charge with its amount only: refused in the form, nothing sent.
              await phoneForm.getByRole('group', { name: 'Charge 2' }).getByLabel('Amount').fill('75');
              await phoneForm.getByRole('button', { name: 'Save vendor charges' }).click();
              await expect(
                phoneForm.getByRole('group', { name: 'Charge 2' }).getByText('Choose the vendor.'),
              ).toBeVisible();
              await expectNoSideways(phone, 360);
              await phone.screenshot({
                path: test.info().outputPath('vendor-charges-form-dark-phone.png'),
              });
              await phoneForm.getByRole('button', { name: 'Add a charge' }).scrollIntoViewIfNeeded();
              await phone.screenshot({
                path: test.info().outputPath('vendor-charges-form-foot-dark-phone.png'),
              });
              await phoneForm.getByText('What outside companies invoiced').scrollIntoViewIfNeeded();
              await expectAccessible(phone);
              await phone.screenshot({
                path: test.info().outputPath('vendor-charges-form-top-dark-phone.png'),
              });
            },
          );
        });
      } finally {
        await engineer.api.retireVendor(vendor);
      }
    });
  });
});
