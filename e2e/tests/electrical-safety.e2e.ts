import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STORAGE_KEYS, type EquipmentDto } from '@caliber/contracts';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { addStaff, expect, signInQuickly, test, type Staff } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

const SAMPLES = join(__dirname, '../../services/maintenance/src/safety/analysers/samples');
const SHOTS = '/tmp/safety';

let counter = 0;
/** A serial-number prefix no other test's devices carry. */
const marker = () => `ES${Date.now().toString(36)}${++counter}`.toUpperCase();

class SafetyApi extends SceneApi {
  async device(serialNumber: string, name: string): Promise<EquipmentDto> {
    const answer = await this.request.post('/api/equipment', {
      headers: this.headers,
      data: {
        name,
        serialNumber,
        manufacturer: 'Philips',
        model: 'MX450',
        department: 'ICU',
        location: 'Bed 4',
        installationDate: '2021-04-01',
        status: 'Serviceable',
        category: 'Monitor',
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as EquipmentDto;
  }

  /** An annual Safety Testing plan whose first occurrence fell due ten days ago. */
  async overduePlan(equipmentId: string, title: string): Promise<void> {
    const answer = await this.request.post('/api/maintenance/schedule', {
      headers: this.headers,
      data: {
        equipmentId,
        title,
        description: 'IEC 62353 recurrent test',
        pmType: 'Safety Testing',
        interval: 'Annually',
        estimatedHours: 0.5,
        priority: 'Medium',
        firstDueDate: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }

  /** A passing test, taken on `testedOn` (an old date unless given; the stack's hospital is in UTC). */
  async recordPassing(equipmentId: string, testedOn = '2026-02-01'): Promise<void> {
    const answer = await this.request.post(`/api/equipment/${equipmentId}/safety-tests`, {
      headers: this.headers,
      data: {
        test: {
          testedOn,
          testerName: 'Dana Okoye',
          instrument: 'Rigel 288+ s/n 10422',
          protectionClass: 'I',
          leakageMethod: 'alternative',
          protectiveEarthOhm: 0.09,
          insulationMegaohm: 200,
          equipmentLeakageMicroamp: 250,
          appliedParts: [{ name: 'ECG', type: 'CF', leakageMicroamp: 4 }],
          visualInspection: 'Pass',
        },
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
}

async function openAs(page: Page, staff: Staff): Promise<SafetyApi> {
  await signInQuickly(page, staff);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return new SafetyApi(page.request, token ?? '');
}

async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator('.ck-loading')).toHaveCount(0);
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Screenshots of the page as it stands in both themes, at desktop and phone width. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    // The app reads the system theme when it loads; a form half filled in is not reloaded, so the
    // theme is set where the app sets it (the stylesheets key every colour on it).
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((chosen) => (document.documentElement.dataset['theme'] = chosen), theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}-${name}-${theme}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}-${name}-${theme}-phone.png`, fullPage: true });
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => (document.documentElement.dataset['theme'] = 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('Electrical safety tests', () => {
  test('an Engineer records a failing safety test, and its Repair task follows', async ({ page }) => {
    const tag = marker();
    const api = await openAs(page, addStaff('Engineer', `${tag} Engineer`));
    const device = await api.device(`${tag}-SN`, `${tag} Monitor`);
    await api.recordPassing(device._id);

    await page.goto(`/equipment/${device._id}`);
    const section = page.getByRole('region', { name: 'Electrical safety' });
    await expect(section.getByText('No safety-testing plan')).toBeVisible();
    await expect(section.getByRole('row')).toHaveCount(2);
    await section.getByRole('link', { name: 'Record safety test' }).click();

    await expect(page.getByRole('heading', { name: 'Record safety test', level: 1 })).toBeVisible();
    // The previous test's class, instrument and applied parts are filled in; the values are not.
    await expect(page.getByLabel('Instrument', { exact: true })).toHaveValue('Rigel 288+ s/n 10422');
    await expect(page.getByLabel('Name')).toHaveValue('ECG');
    const earth = page
      .locator('.safety-measure')
      .filter({ has: page.getByLabel('Protective earth resistance (Ω)') });
    await earth.getByLabel('Protective earth resistance (Ω)').fill('0.45');
    await expect(earth.getByText('Limit ≤ 0.3 Ω')).toBeVisible();
    await expect(earth.getByText('Fail', { exact: true })).toBeVisible();
    await page.getByLabel('Equipment leakage (µA)').fill('300');
    await page.getByLabel('Leakage (µA)', { exact: true }).fill('12');
    await page.getByLabel('Insulation resistance (MΩ)').fill('150');
    const result = page.getByRole('status').filter({ hasText: 'Result' });
    await expect(result).toContainText('Failed: Protective earth resistance.');
    await expect(page.getByRole('switch', { name: 'Open a Repair task' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await shoot(page, 'record-form');

    await page.getByRole('button', { name: 'Save safety test' }).click();
    await expect(page).toHaveURL(new RegExp(`/equipment/${device._id}$`));
    const title = `Failed electrical safety test (Protective earth resistance): ${device.name}`;
    const latest = section.getByRole('row').nth(1);
    await expect(latest.getByText('Fail', { exact: true })).toBeVisible();
    await expect(section.getByText('Latest result')).toBeVisible();
    await shoot(page, 'device-section');
    await latest.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/tasks\?task=/);
    await expect(page.getByText(title).first()).toBeVisible();
  });

  test('an Engineer imports a sample analyser file through the screen', async ({ page }) => {
    const tag = marker();
    const api = await openAs(page, addStaff('Engineer', `${tag} Importer`));
    for (const [serial, name] of [
      ['MON-001', 'Patient monitor'],
      ['DEFIB-003', 'Defibrillator'],
      ['PUMP-002', 'Infusion pump'],
    ] as const)
      await api.device(`${tag}-${serial}`, `${tag} ${name}`);
    const sample = (await readFile(join(SAMPLES, 'fluke-ansur-export.csv'), 'utf8')).replaceAll(
      'SAFE-',
      `${tag}-`,
    );

    await page.goto('/equipment');
    // The inventory's actions, the new one among them, at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('link', { name: 'Import safety tests' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}-inventory-actions-phone.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Import safety tests' }).click();
    await expect(page.getByRole('heading', { name: 'Import safety tests', level: 1 })).toBeVisible();
    await page
      .getByLabel('Analyser export (.csv)')
      .setInputFiles({ name: 'fluke-export.csv', mimeType: 'text/csv', buffer: Buffer.from(sample) });
    await page.getByRole('button', { name: 'Check file' }).click();
    const status = page.getByRole('status').first();
    await expect(status).toHaveText(
      'Fluke Biomedical ESA615 / Ansur (modelled): 3 tests will be imported (1 of them failed); 1 row will not.',
    );
    const rows = page.getByRole('table', { name: 'Rows of the analyser file' }).getByRole('row');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(4)).toContainText('Equipment leakage is given by more than one method');
    await shoot(page, 'import-preview');

    await page.getByRole('button', { name: 'Import 3 tests' }).click();
    await expect(status).toHaveText(
      '3 tests imported from the Fluke Biomedical ESA615 / Ansur (modelled) file; 1 Repair task opened. 1 row was not imported.',
    );
    await expect(rows.nth(2).getByRole('link', { name: 'Repair task' })).toBeVisible();

    // The same file again imports nothing new.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page
      .getByLabel('Analyser export (.csv)')
      .setInputFiles({ name: 'fluke-export.csv', mimeType: 'text/csv', buffer: Buffer.from(sample) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByRole('status').first()).toHaveText(
      'Fluke Biomedical ESA615 / Ansur (modelled): 0 tests will be imported (0 of them failed); 4 rows will not.',
    );
    await expect(page.getByRole('button', { name: 'Import 0 tests' })).toBeDisabled();
  });

  test('a preview of 1,000 rows draws only the rows in view, and scrolls to the last', async ({ page }) => {
    const tag = marker();
    await openAs(page, addStaff('Engineer', `${tag} Importer`));
    const header = (await readFile(join(SAMPLES, 'caliber-safety-tests.csv'), 'utf8')).split('\n')[0];
    // Serial numbers no device carries: every row is previewed, and refused.
    const lines = Array.from(
      { length: 1000 },
      (_, index) =>
        `${tag}-NONE-${index + 1},,2026-03-02 09:15,Dana Okoye,Fluke ESA615,2025-11-20,I,alternative,alternative,Yes,0.08,200,310,,Pass,Pass,`,
    );
    await page.goto('/equipment/safety-tests/import');
    await page.getByLabel('Analyser export (.csv)').setInputFiles({
      name: 'many.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...lines].join('\n')),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    const table = page.getByRole('table', { name: 'Rows of the analyser file' });
    await expect(table).toHaveAttribute('aria-rowcount', '1001');
    await expect(table.getByRole('row', { name: 'Line 2', exact: true })).toBeVisible();
    for (const size of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      const frame = page.getByRole('region', { name: 'Rows of the analyser file' });
      await frame.evaluate((element) => (element.scrollTop = 0));
      await expect(table.getByRole('row', { name: 'Line 2', exact: true })).toBeVisible();
      // A window of rows, not a thousand.
      expect(await table.locator('tbody tr:not(.ck-data-table__spacer)').count()).toBeLessThan(60);
      await page.screenshot({ path: `/tmp/eqfiles-safety-many-${size.name}.png` });
      await frame.evaluate((element) => (element.scrollTop = element.scrollHeight));
      const last = table.getByRole('row', { name: 'Line 1001', exact: true });
      await expect(last).toBeVisible();
      await expect(last).toHaveAttribute('aria-rowindex', '1001');
      await expect(table.getByRole('row', { name: 'Line 2', exact: true })).toHaveCount(0);
    }
  });

  test('a Technician reads the safety tests and cannot record one', async ({ page, browser }) => {
    const tag = marker();
    const engineerContext = await browser.newContext();
    try {
      const engineer = await openAs(await engineerContext.newPage(), addStaff('Engineer'));
      const device = await engineer.device(`${tag}-SN`, `${tag} Monitor`);
      await engineer.overduePlan(device._id, `${tag} annual safety test`);
      // Taken today, after the overdue occurrence was opened: that occurrence's test.
      await engineer.recordPassing(device._id, new Date().toISOString().slice(0, 10));

      await signInQuickly(page, addStaff('Technician'));
      await page.goto(`/equipment/${device._id}`);
      const section = page.getByRole('region', { name: 'Electrical safety' });
      // The test does not complete the overdue PM task: the section names the task to complete.
      await expect(section.getByText('Overdue')).toBeVisible();
      await expect(section.getByText(/^Test recorded; complete the PM task/)).toHaveText(
        `Test recorded; complete the PM task “${tag} annual safety test” to move the due date.`,
      );
      await expect(section.getByRole('link', { name: `“${tag} annual safety test”` })).toHaveAttribute(
        'href',
        /\/tasks\?task=/,
      );
      await shoot(page, 'device-pm-task-to-complete');
      await expect(section.getByRole('row')).toHaveCount(2);
      await expect(section.getByRole('row').nth(1)).toContainText('Rigel 288+ s/n 10422');
      await expect(section.getByRole('link', { name: 'Record safety test' })).toHaveCount(0);
      await page.goto(`/equipment/${device._id}/safety-tests/new`);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/equipment');
      await expect(page.getByRole('heading', { name: 'Equipment Inventory', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Import safety tests' })).toHaveCount(0);
    } finally {
      await engineerContext.close();
    }
  });
});
