import type { Page } from '@playwright/test';
import { STORAGE_KEYS, type CreateEquipmentRequest, type EquipmentDto } from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

let counter = 0;
const marker = () => `AUD${Date.now().toString(36)}${++counter}`.toUpperCase();

/** A call of the API with the signed-in person's session, as the screens make it. */
async function api(page: Page, method: 'post' | 'put', path: string, data: unknown) {
  const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.token);
  const answer = await page.request[method](`/api${path}`, {
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.ok(), `${method} ${path}: ${answer.status()}`).toBe(true);
  return answer.json() as Promise<EquipmentDto>;
}

async function addDevice(page: Page, name: string): Promise<EquipmentDto> {
  const body: CreateEquipmentRequest = {
    name,
    manufacturer: 'Mindray',
    model: 'BeneVision N12',
    serialNumber: `${name}-SN`,
    department: 'ICU',
    location: 'Bay 0',
    installationDate: '2023-04-01',
    status: 'Serviceable',
    category: 'Monitor',
  };
  return api(page, 'post', '/equipment', body);
}

/** Today on the hospital's calendar (the test stack's is UTC). */
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

test.describe('Audit trail', () => {
  test("an Engineer reads a device's changes, pages older and newer, and filters by person and period", async ({
    browser,
  }) => {
    test.slow();
    const tag = marker();
    const engineerStaff = addStaff('Engineer', `Ama Auditor ${tag}`);
    // A browser in another zone than the hospital's (the test stack's is UTC): times must still be
    // the hospital's, as the period filter's days are.
    const context = await browser.newContext({ timezoneId: 'Pacific/Auckland' });
    const page = await context.newPage();
    const other = await (await browser.newContext()).newPage();
    try {
      await signInQuickly(page, engineerStaff);
      await signInQuickly(other, addStaff('Technician', `Kofi Fixer ${tag}`));
      const device = await addDevice(page, `${tag} Monitor`);
      // Thirty moves: with the device's creation, 31 rows by the Engineer, two pages of 25.
      for (let bay = 1; bay <= 30; bay++)
        await api(page, 'put', `/equipment/${device._id}`, { location: `Bay ${bay}` });
      // Someone else's change to the same device.
      await api(other, 'put', `/equipment/${device._id}`, { location: 'Corridor' });

      // From the device's own page.
      await page.goto(`/equipment/${device._id}`);
      await page.getByRole('main').getByRole('link', { name: 'Audit trail', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/audit\\?equipment=${device._id}$`));
      await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
      await expect(page.getByText(`${tag} Monitor (${tag} Monitor-SN)`)).toBeVisible();

      const rows = page.locator('.audit-table tbody tr');
      await expect(rows).toHaveCount(25);
      // The newest first: the Technician's move, with the old and the new value.
      const newest = rows.first();
      await expect(newest).toContainText(`Kofi Fixer ${tag}`);
      await expect(newest).toContainText('Device: Updated');
      await expect(newest.locator('.audit-changes__field')).toHaveText([
        'LocationBay 30 changed to → Corridor',
      ]);
      await expect(rows.nth(1).locator('.audit-changes__field')).toHaveText([
        'LocationBay 29 changed to → Bay 30',
      ]);
      await expect(rows.nth(1)).toContainText(`Ama Auditor ${tag}`);
      // The arrow is hidden from screen readers, which read "changed to" instead.
      await expect(newest.locator('.audit-changes__field dd [aria-hidden="true"]')).toHaveText('→');
      // Times in the hospital's zone, and the column says which.
      await expect(page.getByRole('columnheader', { name: 'When (UTC time)' })).toBeVisible();
      const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.token);
      const newestAt = (
        (await (
          await page.request.get(`/api/audit?equipment=${device._id}&limit=1`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { rows: { at: string }[] }
      ).rows[0]?.at;
      const inUtc = await page.evaluate(
        (at) =>
          new Date(at).toLocaleString(undefined, {
            dateStyle: 'medium',
            timeStyle: 'medium',
            timeZone: 'UTC',
          }),
        newestAt ?? '',
      );
      await expect(newest.locator('td').first()).toHaveText(inUtc);

      // Older: the next 7 rows, the oldest being the device's creation; then Newer goes back.
      const older = page.getByRole('button', { name: 'Older →' });
      const newer = page.getByRole('button', { name: '← Newer' });
      await expect(newer).toBeDisabled();
      await older.click();
      await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
      await expect(rows).toHaveCount(7);
      await expect(rows.first().locator('.audit-changes__field')).toHaveText([
        'LocationBay 5 changed to → Bay 6',
      ]);
      await expect(rows.last()).toContainText('Device: Created');
      await expect(rows.last()).toContainText(`Name— changed to → ${tag} Monitor`);
      await expect(older).toBeDisabled();
      await newer.click();
      await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
      await expect(rows).toHaveCount(25);
      await expect(rows.first().locator('.audit-changes__field')).toHaveText([
        'LocationBay 30 changed to → Corridor',
      ]);

      // A person: only the Engineer's own rows (the Technician's move is gone).
      await page.getByLabel('Person').selectOption({ label: `Me (Ama Auditor ${tag})` });
      await expect(page).toHaveURL(/person=/);
      await expect(rows.first().locator('.audit-changes__field')).toHaveText([
        'LocationBay 29 changed to → Bay 30',
      ]);
      await expect(page.locator('.audit-table')).not.toContainText('Kofi Fixer');

      // A period: tomorrow has none of it; today has it all.
      await page.getByLabel('From').fill(tomorrow());
      await expect(page.getByText('No change matches these filters.')).toBeVisible();
      await page.getByLabel('From').fill(today());
      await page.getByLabel('To').fill(today());
      await expect(rows).toHaveCount(25);
      await expect(page).toHaveURL(
        new RegExp(`from=${today()}&to=${today()}|to=${today()}.*from=${today()}`),
      );

      for (const theme of ['light', 'dark'] as const)
        for (const size of [
          { name: 'desktop', width: 1280, height: 900 },
          { name: 'phone', width: 390, height: 844 },
        ]) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await page.emulateMedia({ colorScheme: theme });
          await page.goto(`/audit?equipment=${device._id}`);
          await expect(rows).toHaveCount(25);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            size.width,
          );
          await page.screenshot({
            path: `/tmp/audit-viewer-${size.name}-${theme}.png`,
            animations: 'disabled',
          });
          // The rows (cards on a phone), scrolled into view.
          await rows.nth(1).scrollIntoViewIfNeeded();
          await page.screenshot({
            path: `/tmp/audit-viewer-${size.name}-${theme}-rows.png`,
            animations: 'disabled',
          });
        }
    } finally {
      await context.close();
      await other.context().close();
    }
  });

  test('a Technician has no Audit trail entry, and the address says why it is not for them', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    await expect(page.getByText('Not available to your role')).toBeVisible();
    await expect(
      page.getByText(
        'Only Engineers, Managers and Admins may read the audit trail: it holds personal details of staff.',
      ),
    ).toBeVisible();
    await expect(page.locator('.audit-table')).toHaveCount(0);
  });
});
