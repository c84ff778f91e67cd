import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { ROSTER_COLUMNS, ROSTER_IMPORT_MAX_BYTES, STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, holdCalls, signInQuickly, test, type Staff } from '../support/fixtures';

let counter = 0;
/** A word no other test's staff carry, so a search finds exactly this test's people. */
const marker = () => `R${Date.now().toString(36)}${++counter}`.toUpperCase();

const SEARCH_DEBOUNCE_MS = 400;
const HEADER = ROSTER_COLUMNS.map((column) => column.header).join(',');

type Cells = Record<(typeof ROSTER_COLUMNS)[number]['key'], string>;

/** A CSV roster: the contract's headers, then one line per person (cells quoted when they need it). */
function csvOf(rows: readonly Partial<Cells>[]): Buffer {
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = rows.map((row) => ROSTER_COLUMNS.map(({ key }) => cell(row[key] ?? '')).join(','));
  return Buffer.from(`${[HEADER, ...lines].join('\n')}\n`, 'utf8');
}

/** A phone in the fictional +1 555 01xx range: a possible US number, written as people write it. */
const phoneOf = (index: number, run: number) =>
  `+1555 01${String(index % 100).padStart(2, '0')} ${String(run % 1000).padStart(3, '0')}`;

const DEPARTMENTS = ['ICU', 'NICU', 'Main Theatre', 'Dialysis', 'TSEU'] as const;

/** Someone who may be added: a unique service number from the tag, a name with the tag in it. */
function person(tag: string, index: number, run: number): Partial<Cells> {
  const number = String(index).padStart(2, '0');
  return {
    serviceNumber: `${tag}-${number}`,
    name: `${tag} Person ${number}`,
    email: index % 3 === 0 ? `${tag.toLowerCase()}.${number}@hospital.example` : '',
    phoneNumber: phoneOf(index, run),
    role: index % 10 === 0 ? 'Engineer' : 'Technician',
    department: DEPARTMENTS[index % DEPARTMENTS.length] ?? 'TSEU',
    active: 'Yes',
    preApproved: index % 2 === 0 ? 'Yes' : 'No',
  };
}

async function openUsers(page: Page, staff: Staff): Promise<void> {
  await signInQuickly(page, staff);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search').fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`), {
    timeout: SEARCH_DEBOUNCE_MS + 5000,
  });
}

async function openImport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import roster' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(dialog: Locator, name: string, buffer: Buffer, mimeType = 'text/csv'): Promise<void> {
  await dialog.getByLabel(/^Roster file/).setInputFiles({ name, mimeType, buffer });
}

const line = (dialog: Locator, number: number): Locator =>
  dialog.getByRole('row', { name: `Line ${number}`, exact: true });
const total = (page: Page) => page.getByText(/^Total: \d+$/);

test.describe('Roster import and export', () => {
  test('imports a 50-row roster: exactly the three bad rows are refused, with their reasons', async ({
    page,
  }) => {
    test.slow();
    const tag = marker();
    const run = Date.now();
    // 50 rows on lines 2 to 51. Three are bad: line 11 has no service number, line 26 a phone
    // that cannot be one ('12'), line 41 an unknown department; lines 26 and 41 also carry the
    // same service number (in another case), so a duplicate within the file is refused too.
    const rows: Partial<Cells>[] = [];
    for (let index = 1; index <= 50; index++) rows.push(person(tag, index, run));
    const BAD = { noNumber: 11, badPhone: 26, badDepartment: 41 } as const;
    const twin = `${tag}-TWIN`;
    rows[BAD.noNumber - 2] = { ...person(tag, 90, run), serviceNumber: '' };
    rows[BAD.badPhone - 2] = { ...person(tag, 91, run), serviceNumber: twin, phoneNumber: '12' };
    rows[BAD.badDepartment - 2] = {
      ...person(tag, 92, run),
      serviceNumber: twin.toLowerCase(),
      department: 'Planet Mars Ward',
    };
    const file = csvOf(rows);

    await openUsers(page, addStaff('Engineer', `${tag} Importer`));
    const dialog = await openImport(page);
    for (const { header } of ROSTER_COLUMNS) await expect(dialog).toContainText(header);
    await expect(dialog).toContainText('use it as a template');
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();

    // Too large: refused here, before anything is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/users/import')) sent += 1;
    });
    await choose(dialog, 'huge.csv', Buffer.alloc(ROSTER_IMPORT_MAX_BYTES + 1, 'a'));
    await expect(dialog.getByRole('alert')).toContainText('The roster file is larger than 2 MB');
    expect(sent).toBe(0);

    // A file without the Phone column: the server's message.
    await choose(dialog, 'no-phone.csv', Buffer.from(`Service Number,Full Name\n${tag}-X,${tag} X\n`));
    await expect(dialog.getByRole('alert')).toContainText('missing: Phone');
    expect(sent).toBe(1);

    await choose(dialog, 'roster.csv', file);
    await expect(dialog.getByText('47 to add, 0 to change, 0 unchanged, 3 refused')).toBeVisible();
    await expect(dialog.locator('tbody tr')).toHaveCount(50);
    await expect(dialog.locator('tr.ck-data-table__row--danger')).toHaveCount(3);
    for (const number of Object.values(BAD)) await expect(line(dialog, number)).toContainText('Refused');
    await expect(line(dialog, 2)).toContainText('Add');
    await expect(line(dialog, 2)).toContainText(`${tag}-01`);

    const noNumber = line(dialog, BAD.noNumber);
    await expect(noNumber.locator('li')).toHaveText(['Service number is required.']);
    const badPhone = line(dialog, BAD.badPhone);
    const duplicate = `The same service number is on lines ${BAD.badPhone}, ${BAD.badDepartment} of the file.`;
    await expect(badPhone.locator('li')).toHaveCount(2);
    await expect(badPhone.locator('li').first()).toContainText(/phone number/i);
    await expect(badPhone.locator('li').nth(1)).toHaveText(duplicate);
    const badDepartment = line(dialog, BAD.badDepartment);
    await expect(badDepartment.locator('li')).toHaveText([
      `Department "Planet Mars Ward" is not one of the hospital's departments.`,
      duplicate,
    ]);

    // The refused rows alone, then all again.
    await dialog.getByLabel('Show only refused rows').check();
    await expect(dialog.locator('tbody tr')).toHaveCount(3);
    await dialog.getByLabel('Show only refused rows').uncheck();
    await expect(dialog.locator('tbody tr')).toHaveCount(50);

    // Apply: busy while the server writes, then the counts, and the list shows the people.
    const held = await holdCalls(page, '/users/import');
    await dialog.getByRole('button', { name: 'Apply 47 rows' }).click();
    await expect(dialog.getByRole('button', { name: 'Applying...' })).toBeDisabled();
    await held.release();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Roster imported: 47 added, 0 changed.')).toBeVisible();

    await search(page, tag);
    // The importer carries the tag too.
    await expect(total(page)).toHaveText('Total: 48');
    await search(page, `${tag}-33`);
    await expect(total(page)).toHaveText('Total: 1');
    const added = page.getByRole('row', { name: `${tag} Person 33`, exact: true });
    await expect(added).toContainText('+1555013');
    await expect(added).toContainText('Technician');
    await expect(added).toContainText(DEPARTMENTS[33 % DEPARTMENTS.length] ?? '');
    await search(page, twin);
    await expect(total(page)).toHaveText('Total: 0');

    // The same file again: nothing left to add, the Apply button says so.
    const again = await openImport(page);
    await choose(again, 'roster.csv', file);
    await expect(again.getByText('0 to add, 0 to change, 47 unchanged, 3 refused')).toBeVisible();
    await expect(again.getByRole('button', { name: 'Apply 0 rows' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();

    // Export: the roster as XLSX under the server's name.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const exported = await download;
    expect(exported.suggestedFilename()).toMatch(/^roster-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // Read back: the import's headers, and the people just imported, in E.164.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await exported.path())) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const texts = (row: ExcelJS.Row | undefined) =>
      ROSTER_COLUMNS.map((_, index) => String(row?.getCell(index + 1).value ?? ''));
    expect(texts(sheet?.getRow(1))).toEqual(ROSTER_COLUMNS.map((column) => column.header));
    const exportedRows: string[][] = [];
    sheet?.eachRow((row, number) => {
      if (number > 1) exportedRows.push(texts(row));
    });
    expect(exportedRows.filter((cells) => cells[0]?.startsWith(`${tag}-`))).toHaveLength(47);
    const row33 = exportedRows.find((cells) => cells[0] === `${tag}-33`);
    expect(row33?.slice(1, 4)).toEqual([
      `${tag} Person 33`,
      `${tag.toLowerCase()}.33@hospital.example`,
      `+15550133${String(run % 1000).padStart(3, '0')}`,
    ]);
  });

  test('a failed apply shows the server message and checks the file again; a failed export says why', async ({
    page,
  }) => {
    const tag = marker();
    await openUsers(page, addStaff('Engineer', `${tag} Importer`));
    const dialog = await openImport(page);
    await choose(dialog, 'roster.csv', csvOf([person(tag, 1, Date.now()), person(tag, 2, Date.now())]));
    await expect(dialog.getByText('2 to add, 0 to change, 0 unchanged, 0 refused')).toBeVisible();

    // The server refuses the write (as it would if the database were down): its message, in place,
    // and the same preview again. (The file's name is in the query: the apply is matched by its path.)
    const applyCall = /\/api\/users\/import\?/;
    const message = 'The roster could not be written: try again in a moment.';
    await page.route(applyCall, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message }) }),
    );
    await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(dialog.getByRole('button', { name: 'Apply 2 rows' })).toBeEnabled();
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(line(dialog, 2)).toContainText('Add');
    await page.unroute(applyCall);

    // The write is made but its answer lost (the gateway gave up waiting): the preview, asked
    // again, shows the roster as it now is, with nothing left to apply.
    await page.route(applyCall, async (route) => {
      await route.fetch();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message }),
      });
    });
    await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();
    await expect(dialog.getByText('0 to add, 0 to change, 2 unchanged, 0 refused')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(dialog.getByRole('button', { name: 'Apply 0 rows' })).toBeDisabled();
    await page.unroute(applyCall);
    await page.keyboard.press('Escape');
    await search(page, tag);
    await expect(total(page)).toHaveText('Total: 3');

    await page.route('**/api/users/export', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The roster could not be exported.' }),
      }),
    );
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The roster could not be exported.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
  });
});

/** The import dialog at desktop and phone width, light and dark, saved under e2e/.results/screens. */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`Roster import dialog, ${theme}, ${size.name}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      const tag = marker();
      const run = Date.now();
      await openUsers(page, addStaff('Engineer', `${tag} Importer`));

      // Two people on the roster first (through the API, as another screen would), so the
      // preview shows every kind of row: unchanged, changed, added and refused.
      const first = [person(tag, 1, run), person(tag, 2, run)];
      const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
      const answer = await page.request.post('/api/users/import?fileName=first.csv', {
        headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': 'text/csv' },
        data: csvOf(first),
      });
      expect(answer.ok(), await answer.text()).toBe(true);

      const dialog = await openImport(page);
      await choose(
        dialog,
        'roster.csv',
        csvOf([
          first[0] ?? {},
          { ...first[1], department: 'NICU', preApproved: 'Yes' },
          person(tag, 3, run),
          { ...person(tag, 4, run), phoneNumber: '12', department: 'Planet Mars Ward' },
          { ...person(tag, 5, run), serviceNumber: '' },
        ]),
      );
      await expect(dialog.getByText('1 to add, 1 to change, 1 unchanged, 2 refused')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Apply 2 rows' })).toBeEnabled();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page.screenshot({
        path: `e2e/.results/screens/users-import-${size.name}-${theme}.png`,
        animations: 'disabled',
      });
      // The footer stays in reach while the rows scroll; the refused rows at the end.
      await line(dialog, 6).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('button', { name: 'Apply 2 rows' })).toBeInViewport();
      await page.screenshot({
        path: `e2e/.results/screens/users-import-refused-${size.name}-${theme}.png`,
        animations: 'disabled',
      });

      // Keyboard: Tab stays in the dialog, Escape closes it and focus returns to Import.
      for (let step = 0; step < 8; step++) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeFocused();
    });
  }
}
