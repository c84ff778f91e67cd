import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import {
  activeChoices,
  gtinCheckDigit,
  DEVICE_IMPORT_COLUMNS,
  INVENTORY_IMPORT_MAX_BYTES,
  STORAGE_KEYS,
  type EquipmentDto,
  type HospitalListsDto,
  type DeviceImportKey,
} from '@caliber/contracts';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { addStaff, expect, signInQuickly, test, type Staff } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

/** The hospital's active entries, without the one named after the product (`{product}`, shown by its name). */
const plainChoices = (entries: Parameters<typeof activeChoices>[0]) =>
  activeChoices(entries).filter((name) => !name.includes('{'));

let counter = 0;
/** A word no other test's devices carry, so a search finds exactly this test's devices. */
const marker = () => `I${Date.now().toString(36)}${++counter}`.toUpperCase();

const SEARCH_DEBOUNCE_MS = 300;
const HEADERS = DEVICE_IMPORT_COLUMNS.map((column) => column.header);
/** A column's letter in the files written here, which keep the template's order. */
const letterOf = (key: DeviceImportKey) =>
  String.fromCharCode(65 + DEVICE_IMPORT_COLUMNS.findIndex((column) => column.key === key));

/** One device as a file row gives it (the device's own columns); dates as `YYYY-MM-DD` (how each is written is the file's choice). */
type DeviceRow = Record<DeviceImportKey, string>;

class InventoryApi extends SceneApi {
  async lists(): Promise<HospitalListsDto> {
    const answer = await this.request.get('/api/lists', { headers: this.headers });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as HospitalListsDto;
  }

  async create(row: DeviceRow): Promise<EquipmentDto> {
    const answer = await this.request.post('/api/equipment', {
      headers: this.headers,
      data: { ...row, warrantyExpiry: row.warrantyExpiry || null, udi: row.udi || null },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as EquipmentDto;
  }
}

async function openAs(page: Page, staff: Staff): Promise<InventoryApi> {
  await signInQuickly(page, staff);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return new InventoryApi(page.request, token ?? '');
}

/** `2021-03-31` as the file writes it day first: `31/03/2021`. */
const dayFirst = (iso: string) => iso.split('-').reverse().join('/');
const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const GTIN = `0950600013435${gtinCheckDigit('0950600013435')}`;
const STATUSES = ['Serviceable', 'Unserviceable', 'Under Maintenance'] as const;

/** The `index`th device of a file tagged `tag`: every column filled the way a hospital's list fills it. */
function device(
  tag: string,
  index: number,
  lists: { departments: string[]; categories: string[] },
): DeviceRow {
  const number = String(index).padStart(4, '0');
  const serialNumber = `${tag}-${number}`;
  const year = 2010 + (index % 14);
  const month = String(1 + (index % 12)).padStart(2, '0');
  const day = String(1 + (index % 28)).padStart(2, '0');
  return {
    name: `${tag} Device ${number}`,
    manufacturer: ['Philips', 'GE Healthcare', 'Mindray', 'Dräger'][index % 4] ?? 'Philips',
    model: `M-${index % 37}`,
    serialNumber,
    // Every 50th device carries its UDI, whose serial (21) is the serial number.
    udi: index % 50 === 0 ? `(01)${GTIN}(21)${serialNumber}` : '',
    department: lists.departments[index % lists.departments.length] ?? '',
    location: `Bay ${index % 20}`,
    installationDate: `${year}-${month}-${day}`,
    warrantyExpiry: index % 3 === 0 ? '' : `${year + 3}-${month}-${day}`,
    status: STATUSES[index % STATUSES.length] ?? 'Serviceable',
    category: lists.categories[index % lists.categories.length] ?? '',
  };
}

/**
 * A workbook of the rows under the template's headers. Dates are written as hospitals' files
 * write them: every other one an Excel date cell, the rest as day-first text (`31/03/2021`);
 * `asText` rows keep their cells exactly as given (a bad date among them).
 */
async function workbookOf(
  rows: readonly DeviceRow[],
  asText: ReadonlySet<number> = new Set(),
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Inventory');
  sheet.addRow(HEADERS);
  rows.forEach((row, index) => {
    const cells = DEVICE_IMPORT_COLUMNS.map(({ key }) => {
      const value = row[key];
      if (asText.has(index) || (key !== 'installationDate' && key !== 'warrantyExpiry') || !value)
        return value;
      return index % 2 === 0 ? utcDate(value) : dayFirst(value);
    });
    sheet.addRow(cells);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV file of the rows under the template's headers, its cells as given. */
function csvOf(rows: readonly Partial<DeviceRow>[]): Buffer {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = rows.map((row) => DEVICE_IMPORT_COLUMNS.map(({ key }) => cell(row[key] ?? '')).join(','));
  return Buffer.from(`${[HEADERS.join(','), ...lines].join('\n')}\n`, 'utf8');
}

/** A department written one letter short: the import should offer the real one. */
function misspelt(department: string): string {
  return `${department.slice(0, 3)}${department.slice(4)}`;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType = XLSX): Promise<void> {
  await page.getByLabel(/^Inventory file/).setInputFiles({ name, mimeType, buffer });
}

const rowOf = (page: Page, line: number): Locator =>
  page.getByRole('row', { name: `Line ${line}`, exact: true });
/** The rows of one action (the filter's choices are radios styled as buttons: their labels take the click). */
const showRows = (page: Page, label: string) =>
  page
    .getByRole('group', { name: 'Show' })
    .locator('label', { hasText: new RegExp(`^${label} \\(`) })
    .click();

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search').fill(text);
  // The whole value: a search for a tag must not pass while the address still has tag-0100.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`), {
    timeout: SEARCH_DEBOUNCE_MS + 5000,
  });
}

/** A cell of an exported workbook as text: dates as `YYYY-MM-DD`, nothing as ''. */
function exportedText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'richText' in value)
    return value.richText.map((part) => part.text).join('');
  return String(value);
}

test.describe('Inventory import', () => {
  test('moves a 2,000-device workbook in: preview, refusals with their cells, apply, search, and an export that matches it', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const tag = marker();
    const api = await openAs(page, addStaff('Engineer', `${tag} Importer`));
    const hospital = await api.lists();
    const lists = {
      departments: plainChoices(hospital.departments),
      categories: plainChoices(hospital.categories),
    };
    expect(lists.departments.length).toBeGreaterThan(3);

    // 2,000 devices on lines 2 to 2,001; three of them are refused: an unknown department one letter
    // off a real one, a date that is not one, and a serial number an earlier line already has.
    const rows: DeviceRow[] = Array.from({ length: 2000 }, (_, index) => device(tag, index + 1, lists));
    const lineOf = (index: number) => index + 2;
    const target =
      lists.departments.find((name) => name.length >= 7 && /^[A-Za-z]+$/.test(name)) ??
      lists.departments[0] ??
      '';
    const BAD = { department: 101, date: 1001, duplicate: 1501 } as const;
    const at = (line: number) => line - 2;
    const onLine = (line: number): DeviceRow => rows[at(line)] ?? device(tag, 0, lists);
    const first = onLine(2);
    rows[at(BAD.department)] = { ...onLine(BAD.department), department: misspelt(target) };
    rows[at(BAD.date)] = { ...onLine(BAD.date), installationDate: '31/02/2021' };
    // The same device twice, as a merged spreadsheet has it: its UDI too.
    rows[at(BAD.duplicate)] = { ...onLine(BAD.duplicate), serialNumber: first.serialNumber, udi: first.udi };
    const file = await workbookOf(rows, new Set([at(BAD.date)]));

    await page.goto('/equipment');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/equipment\/import$/);
    await expect(page.getByRole('heading', { name: 'Import Inventory', level: 1 })).toBeVisible();
    await expect(page.getByText(/at most 8 MB and 20,000 devices/)).toBeVisible();
    for (const header of HEADERS)
      await expect(page.getByText(/The file's first row names/)).toContainText(header);

    // The template downloads under the server's name, with the import's headers.
    const templateDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel template (.xlsx)' }).click();
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(
      (await readFile(await (await templateDownload).path())) as unknown as ExcelJS.Buffer,
    );
    const templateHeaders = (template.worksheets[0]?.getRow(1).values as ExcelJS.CellValue[])
      .slice(1)
      .map(exportedText);
    // The template marks the optional columns "(optional)", which an import reads past.
    expect(
      templateHeaders.slice(0, HEADERS.length).map((header) => header.replace(/ \(optional\)$/, '')),
    ).toEqual(HEADERS);
    // An Engineer may set the acquisition figures: their columns follow the device's own.
    expect(templateHeaders.slice(HEADERS.length)).toEqual([
      'Acquisition Cost (optional)',
      'Purchase Date (optional)',
      'Supplier (optional)',
      'Expected Life (Years) (optional)',
    ]);

    await chooseFile(page, `${tag}.xlsx`, file);
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    await expect(page.getByRole('heading', { name: 'Check the preview' })).toBeFocused({ timeout: 60_000 });
    await expect(page.getByText('1,997 to add, 0 to update, 0 unchanged, 3 refused')).toBeAttached();
    await expect(page.locator('.import-tile--add dd')).toHaveText('1,997');
    await expect(page.locator('.import-tile--update dd')).toHaveText('0');
    await expect(page.locator('.import-tile--refused dd')).toHaveText('3');
    await expect(page.locator('.import-facts').getByText(/read day first/)).toBeVisible();
    await expect(page.getByText('2,000 rows read', { exact: false })).toBeVisible();
    for (const header of HEADERS)
      await expect(page.locator('.import-facts dt:text-is("Columns read") + dd')).toContainText(header);
    await expect(page.locator('.import-facts dt:text-is("Columns ignored") + dd')).toHaveText('None');

    // The first page of rows, in file order; then the refused ones alone, each reason with its cell.
    await expect(rowOf(page, 2)).toContainText(first.serialNumber);
    await expect(rowOf(page, 2)).toContainText('New to the inventory');
    await expect(page.getByText('Rows 1–50 of 2,000')).toBeVisible();
    await showRows(page, 'Refused');
    await expect(page.locator('tbody tr')).toHaveCount(3);
    await expect(rowOf(page, BAD.department).locator('li')).toHaveText([
      new RegExp(`^${letterOf('department')}${BAD.department}: Department .*Did you mean .*"${target}"`),
    ]);
    await expect(rowOf(page, BAD.date).locator('li')).toHaveText([
      `${letterOf('installationDate')}${BAD.date}: Installation Date "31/02/2021" is not a date: write it as 2021-03-31 or 31/03/2021.`,
    ]);
    await expect(rowOf(page, BAD.duplicate).locator('li')).toHaveText([
      new RegExp(
        `^${letterOf('serialNumber')}${BAD.duplicate}: Serial number ${first.serialNumber} is also on line 2`,
      ),
    ]);
    await showRows(page, 'Add');
    await expect(page.getByText('Rows 1–50 of 1,997')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Pages of rows' })
      .getByRole('button', { name: 'Page 40' })
      .click();
    await expect(page.getByText('Rows 1,951–1,997 of 1,997')).toBeVisible();
    await expect(rowOf(page, 2001)).toContainText(onLine(2001).serialNumber);

    // Apply says what it will write first; Cancel writes nothing.
    await page.getByRole('button', { name: 'Apply import' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply the import?' });
    await expect(confirm).toContainText(
      'This will add 1,997 devices in the inventory. The 3 refused rows are left out.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Apply import' }).click();
    await confirm.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Import applied' })).toBeFocused({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: '1,997 added, 0 updated' })).toContainText(
      '3 rows were refused and left out.',
    );
    // After Apply a written row's serial number links to its device.
    await showRows(page, 'Add');
    await expect(rowOf(page, 2).getByRole('link', { name: first.serialNumber })).toHaveAttribute(
      'href',
      /^\/equipment\/[0-9a-f-]{36}$/,
    );

    await page.getByRole('link', { name: 'Go to the Equipment Inventory' }).click();
    await search(page, tag);
    await expect(
      page.getByText(`1997 equipment(s) found in All Departments with status All Statuses matching "${tag}"`),
    ).toBeVisible();
    const sample = onLine(1235);
    await search(page, sample.serialNumber);
    const card = page.getByRole('article', { name: sample.name });
    await expect(card).toContainText(sample.manufacturer);
    await expect(card).toContainText(sample.department);
    await expect(card).toContainText(sample.location);
    await search(page, onLine(BAD.department).serialNumber);
    await expect(page.getByText('No equipment found')).toBeVisible();

    // Export what the search finds as a workbook, and read it back against the file.
    await search(page, tag);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('button', { name: 'Excel (.xlsx)' }).click();
    const exported = await download;
    expect(exported.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await exported.path())) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const header = ((sheet?.getRow(1).values ?? []) as ExcelJS.CellValue[]).slice(1).map(exportedText);
    expect(header.slice(0, HEADERS.length)).toEqual(HEADERS);
    const gtinColumn = header.indexOf('GTIN') + 1;
    expect(gtinColumn).toBeGreaterThan(0);
    const read = new Map<string, { row: DeviceRow; gtin: string }>();
    sheet?.eachRow((row, number) => {
      if (number === 1) return;
      const cells = Object.fromEntries(
        DEVICE_IMPORT_COLUMNS.map(({ key }, index) => [key, exportedText(row.getCell(index + 1).value)]),
      ) as DeviceRow;
      read.set(cells.serialNumber, { row: cells, gtin: exportedText(row.getCell(gtinColumn).value) });
    });
    const badLines = new Set<number>(Object.values(BAD));
    const expected = rows.filter((_, index) => !badLines.has(lineOf(index)));
    expect(read.size).toBe(1997);
    for (const row of expected) {
      const back = read.get(row.serialNumber);
      expect(back?.row, row.serialNumber).toEqual(row);
      expect(back?.gtin, row.serialNumber).toBe(row.udi ? GTIN : '');
    }
  });

  test('a Technician is sent to the dashboard and sees no Import', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/equipment/import');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/equipment');
    await expect(page.getByText(/equipment\(s\) found/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Import', exact: true })).toHaveCount(0);
  });

  test("says the server's refusals, reads dates in the order chosen, and offers no Apply when nothing would be written", async ({
    page,
  }) => {
    test.slow();
    const tag = marker();
    const api = await openAs(page, addStaff('Admin', `${tag} Importer`));
    const lists = await api.lists();
    const department = plainChoices(lists.departments)[0] ?? '';
    const category = plainChoices(lists.categories)[0] ?? '';
    await page.goto('/equipment/import');
    const upload = page.getByRole('button', { name: 'Upload and preview' });
    await expect(upload).toBeDisabled();

    // The upload: the file as the body, its name and date order in the query.
    const isUpload = (request: { url(): string; method(): string }) =>
      new URL(request.url()).pathname === '/api/inventory-imports' && request.method() === 'POST';
    // Too large: refused here, before anything is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (isUpload(request)) sent += 1;
    });
    await chooseFile(page, 'huge.csv', Buffer.alloc(INVENTORY_IMPORT_MAX_BYTES + 1, 'a'), 'text/csv');
    await expect(page.getByRole('alert')).toContainText('The inventory file is larger than 8 MB');
    await expect(upload).toBeDisabled();

    // A workbook that is no workbook: the server's own message, in the alert.
    await chooseFile(page, 'broken.xlsx', Buffer.from('PK\u0003\u0004 this is not a zip file at all'));
    const refused = page.waitForResponse((response) => isUpload(response.request()));
    await upload.click();
    const answer = await refused;
    expect(answer.status()).toBe(400);
    const { message } = (await answer.json()) as { message: string };
    expect(message.length).toBeGreaterThan(10);
    await expect(page.getByRole('alert')).toContainText(message);
    expect(sent).toBe(1);

    // One device whose dates nothing in the file tells apart: read day first, then month first.
    const row: DeviceRow = {
      name: `${tag} Syringe Pump`,
      manufacturer: 'B. Braun',
      model: 'Perfusor Space',
      serialNumber: `${tag}-SP1`,
      udi: '',
      department,
      location: 'Bay 1',
      installationDate: '03/04/2021',
      warrantyExpiry: '05/06/2024',
      status: 'Serviceable',
      category,
    };
    await chooseFile(page, 'pump.csv', csvOf([row]), 'text/csv');
    await page.getByRole('radio', { name: /^Automatic/ }).check();
    await upload.click();
    await expect(page.getByRole('heading', { name: 'Check the preview' })).toBeFocused();
    await expect(page.locator('.import-facts')).toContainText('read day first (3 April)');
    await page.getByRole('button', { name: 'Discard and choose another file' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a file' })).toBeFocused();
    // The same file is still chosen: only the date order changes.
    await page.getByRole('radio', { name: /^Month first/ }).check();
    await upload.click();
    await expect(page.locator('.import-facts')).toContainText('month first, as chosen');
    await page.getByRole('button', { name: 'Apply import' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText('pump.csv: 1 added, 0 updated.')).toBeVisible();
    await page.getByRole('button', { name: 'Import another file' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a file' })).toBeFocused();
    const [added] = (
      (await (
        await page.request.get(`/api/equipment?q=${encodeURIComponent(row.serialNumber)}`, {
          headers: {
            authorization: `Bearer ${await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)}`,
          },
        })
      ).json()) as { equipment: EquipmentDto[] }
    ).equipment;
    expect(added).toMatchObject({ installationDate: '2021-03-04', warrantyExpiry: '2024-05-06' });

    // The same device again, and one refused: nothing would be written, so no Apply.
    await chooseFile(
      page,
      'again.csv',
      csvOf([row, { ...row, serialNumber: `${tag}-SP2`, department: 'Planet Mars Ward' }]),
      'text/csv',
    );
    await page.getByRole('radio', { name: /^Month first/ }).check();
    await upload.click();
    await expect(page.getByText('0 to add, 0 to update, 1 unchanged, 1 refused')).toBeAttached();
    await expect(page.getByText('Nothing to write: every row is unchanged or refused.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
    await expect(rowOf(page, 2)).toContainText('Same as the inventory');

    // A write the server refuses: its message, and the preview stays to try again.
    await page.getByRole('button', { name: 'Discard and choose another file' }).click();
    await chooseFile(page, 'more.csv', csvOf([{ ...row, serialNumber: `${tag}-SP3` }]), 'text/csv');
    await upload.click();
    const refusal = 'The inventory is being changed by another import: try again in a moment.';
    await page.route('**/api/inventory-imports/*/apply', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: refusal }),
      }),
    );
    await page.getByRole('button', { name: 'Apply import' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(refusal);
    await expect(page.getByRole('button', { name: 'Apply import' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Check the preview' })).toBeVisible();
  });
});

/** The import's preview and result at desktop and phone width, light and dark: axe-clean, no sideways scroll. */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`Import Inventory, ${theme}, ${size.name}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      const tag = marker();
      const api = await openAs(page, addStaff('Engineer', `${tag} Importer`));
      const hospital = await api.lists();
      const lists = {
        departments: plainChoices(hospital.departments),
        categories: plainChoices(hospital.categories),
      };
      // Two devices on the inventory first, so the preview shows every kind of row.
      const [same, changed] = [device(tag, 1, lists), device(tag, 2, lists)];
      await api.create(same);
      await api.create(changed);
      const moved = lists.departments.find((name) => name !== changed.department) ?? changed.department;
      const check = async (screen: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        const violations = await accessibilityViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        await page.screenshot({
          path: `e2e/.results/screens/inventory-import-${screen}-${size.name}-${theme}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      };

      await page.goto('/equipment/import');
      await expect(page.getByRole('heading', { name: 'Choose a file' })).toBeVisible();
      await check('choose');
      await chooseFile(
        page,
        'ward.csv',
        csvOf([
          same,
          { ...changed, department: moved, location: 'Bay 9' },
          device(tag, 3, lists),
          { ...device(tag, 4, lists), department: 'Planet Mars Ward', installationDate: 'soon' },
        ]),
        'text/csv',
      );
      await page.getByRole('button', { name: 'Upload and preview' }).click();
      await expect(page.getByText('1 to add, 1 to update, 1 unchanged, 1 refused')).toBeAttached();
      await expect(rowOf(page, 3).locator('li')).toHaveText([
        `Department: ${changed.department} → ${moved}`,
        `Location: ${changed.location} → Bay 9`,
      ]);
      await expect(rowOf(page, 5).locator('li')).toHaveCount(2);
      await check('preview');

      // Keyboard: the action filter is a radio group, arrows move through it.
      await page.getByRole('radio', { name: /^All/ }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('radio', { name: /^Add/ })).toBeChecked();
      await expect(page.locator('tbody tr')).toHaveCount(1);

      await page.getByRole('button', { name: 'Apply import' }).click();
      const confirm = page.getByRole('dialog', { name: 'Apply the import?' });
      await expect(confirm).toContainText('This will add 1 device and update 1 device in the inventory.');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Apply import' })).toBeFocused();
      await page.getByRole('button', { name: 'Apply import' }).click();
      await confirm.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(
        page.getByText('ward.csv: 1 added, 1 updated. 1 row was refused and left out.'),
      ).toBeVisible();
      await check('applied');
    });
  }
}
