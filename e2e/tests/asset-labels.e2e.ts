import type { Browser, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  activeChoices,
  gtinCheckDigit,
  labelLayout,
  STORAGE_KEYS,
  type EquipmentDto,
  type HospitalListsDto,
  type LabelLayoutId,
} from '@caliber/contracts';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { addStaff, expect, latestCode, signInQuickly, test, type Staff } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

/** The hospital's active entries, without the one named after the product (`{product}`, shown by its name). */
const plainChoices = (entries: Parameters<typeof activeChoices>[0]) =>
  activeChoices(entries).filter((name) => !name.includes('{'));

let counter = 0;
/** A word no other test's devices carry. Names start "Zz" so they sort after the picker's first page. */
const marker = () => `L${Date.now().toString(36)}${++counter}`.toUpperCase();

const SEARCH_DEBOUNCE_MS = 300;

class LabelsApi extends SceneApi {
  async lists(): Promise<HospitalListsDto> {
    const answer = await this.request.get('/api/lists', { headers: this.headers });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as HospitalListsDto;
  }

  /** `count` devices named `Zz <tag> Label 01…`, Serviceable, in one department. */
  async devices(tag: string, count: number): Promise<EquipmentDto[]> {
    const lists = await this.lists();
    const department = plainChoices(lists.departments)[0] ?? '';
    const category = plainChoices(lists.categories)[0] ?? '';
    const made: EquipmentDto[] = [];
    for (let index = 1; index <= count; index++) {
      const number = String(index).padStart(2, '0');
      const answer = await this.request.post('/api/equipment', {
        headers: this.headers,
        data: {
          name: `Zz ${tag} Label ${number}`,
          manufacturer: 'Mindray',
          model: 'BeneVision N12',
          serialNumber: `${tag}-L${number}`,
          department,
          location: `Bay ${index}`,
          installationDate: '2022-06-01',
          warrantyExpiry: null,
          status: 'Serviceable',
          category,
        },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      made.push((await answer.json()) as EquipmentDto);
    }
    return made;
  }
}

async function openAs(page: Page, staff: Staff): Promise<LabelsApi> {
  await signInQuickly(page, staff);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return new LabelsApi(page.request, token ?? '');
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search').fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`), {
    timeout: SEARCH_DEBOUNCE_MS + 5000,
  });
}

const selectBox = (page: Page, device: EquipmentDto) =>
  page.getByRole('checkbox', { name: `Select ${device.name}`, exact: true });
const selectedLine = (page: Page) => page.locator('.selection-bar__count');

/** Downloads the labels the dialog asks for and answers the PDF's path. */
async function downloadLabels(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page
    .getByRole('dialog', { name: 'Print labels' })
    .getByRole('button', { name: 'Download PDF' })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  return file.path();
}

/** A PDF's words in the order they were drawn, one space between: a label's name may wrap. */
const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
const pdfPages = (path: string) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);

/*
 * The QR read-back: the first page drawn at 200 dpi (pdftoppm), one label cut out where the layout
 * puts it, and its code read with jsQR.
 */
async function readQr(pdf: string, layoutId: LabelLayoutId, position: number): Promise<string | null> {
  const folder = mkdtempSync(join(tmpdir(), 'caliber-labels-'));
  const DPI = 200;
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-f', '1', '-l', '1', pdf, join(folder, 'page')]);
  const image = PNG.sync.read(readFileSync(join(folder, readdirSync(folder)[0] ?? '')));
  const layout = labelLayout(layoutId);
  const scale = DPI / 72;
  const column = position % layout.columns;
  const row = Math.floor(position / layout.columns);
  const left = Math.floor((layout.margin.left + column * layout.pitch.x) * scale);
  const top = Math.floor((layout.margin.top + row * layout.pitch.y) * scale);
  const width = Math.min(Math.ceil(layout.label.width * scale), image.width - left);
  const height = Math.min(Math.ceil(layout.label.height * scale), image.height - top);
  const cut = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * 4;
    cut.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return jsQR(cut, width, height)?.data ?? null;
}

/** A phone opening an address from its camera, signed out: sign-in first, then the address itself. */
async function openOnPhone(browser: Browser, url: string, staff: Staff, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await expect(page).toHaveURL(/\/login$/);
    const since = Date.now() - 1000;
    await page.getByLabel('Service Number').fill(staff.serviceNumber);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('OTP').fill(await latestCode(staff.serviceNumber, since));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await use(page);
  } finally {
    await context.close();
  }
}

test.describe('QR asset labels', () => {
  test('labels for the devices selected across pages: the PDF names them, its QR code opens the device, and Report a fault starts with it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = marker();
    const api = await openAs(page, addStaff('Engineer', `${tag} Engineer`));
    const devices = await api.devices(tag, 11);
    const [first, second, third] = devices;
    const tenth = devices[9];
    if (!first || !second || !third || !tenth) throw new Error('The devices were not made');

    await page.goto('/equipment');
    await search(page, tag);
    await expect(page.getByText(/^11 equipment\(s\) found/)).toBeVisible();
    await expect(selectedLine(page)).toHaveText('No devices selected');
    await selectBox(page, first).check();
    await selectBox(page, third).check();
    await expect(selectedLine(page)).toHaveText('2 devices selected');
    await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toHaveJSProperty(
      'indeterminate',
      true,
    );
    // The selection is kept on the next page and back.
    await page
      .getByRole('navigation', { name: 'Equipment pages' })
      .getByRole('button', { name: 'Page 2', exact: true })
      .click();
    await selectBox(page, tenth).check();
    await expect(selectedLine(page)).toHaveText('3 devices selected');
    await page
      .getByRole('navigation', { name: 'Equipment pages' })
      .getByRole('button', { name: 'Page 1', exact: true })
      .click();
    await expect(selectBox(page, first)).toBeChecked();
    await expect(selectBox(page, second)).not.toBeChecked();
    await expect(
      page.getByRole('article', { name: first.name }).getByRole('link', { name: /^Device page/ }),
    ).toHaveAttribute('href', `/equipment/${first._id}`);

    // Three labels on an A4 sheet of 21 whose first two are used.
    await page.getByRole('button', { name: 'Print labels', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await expect(dialog.getByRole('radio', { name: 'The devices selected (3)' })).toBeChecked();
    await expect(
      dialog.getByRole('radio', { name: 'All devices matching the filters (11)' }),
    ).not.toBeChecked();
    await expect(dialog.getByLabel('Label sheet')).toHaveValue('a4-21');
    await dialog.getByLabel('Labels already used on the first sheet').fill('21');
    await expect(dialog.getByText('Enter a whole number from 0 to 20.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    await dialog.getByLabel('Labels already used on the first sheet').fill('2');
    await expect(
      dialog.getByText('3 labels on 1 sheet of 21, after the 2 labels already used on the first.'),
    ).toBeVisible();
    const pdf = await downloadLabels(page);
    await expect(dialog.getByText(/^Labels downloaded: .*\.pdf$/)).toBeVisible();
    const text = pdfText(pdf);
    for (const device of [first, third, tenth]) {
      expect(text).toContain(device.name);
      expect(text).toContain(device.serialNumber);
    }
    expect(text).not.toContain(second.name);
    expect(pdfPages(pdf)).toBe(1);

    // The first label (by name) sits after the two skipped; its QR code holds the device's address.
    const expectedUrl = `${baseURL ?? ''}/equipment/${first._id}`;
    const read = await readQr(pdf, 'a4-21', 2);
    expect(read).toBe(expectedUrl);
    const deviceUrl = read ?? expectedUrl;

    // Every device matching the filters, on a label roll: one a page, nothing to skip.
    await dialog.getByRole('radio', { name: 'All devices matching the filters (11)' }).check();
    await dialog.getByLabel('Label sheet').selectOption('roll-62x29');
    await expect(dialog.getByLabel('Labels already used on the first sheet')).toBeDisabled();
    await expect(dialog.getByText('11 labels, one a page.')).toBeVisible();
    const roll = await downloadLabels(page);
    expect(pdfPages(roll)).toBe(11);
    for (const device of devices) expect(pdfText(roll)).toContain(device.serialNumber);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Other filters drop the selection: what was chosen may not be on screen any more.
    await page.getByLabel('Status').selectOption('Serviceable');
    await expect(selectedLine(page)).toHaveText('No devices selected');

    // The label on the device, read by a phone that is not signed in: sign-in, then the device,
    // then Report a fault with the device chosen.
    await openOnPhone(browser, deviceUrl, addStaff('Technician', `${tag} Nurse`), async (phone) => {
      await expect(phone).toHaveURL(deviceUrl);
      await expect(phone.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
      await expect(phone.getByRole('heading', { name: 'Maintenance history' })).toBeVisible();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.getByRole('link', { name: 'Report a fault' }).click();
      await expect(phone).toHaveURL(new RegExp(`/report-issue\\?equipment=${first._id}$`));
      await expect(phone.getByRole('combobox', { name: 'Equipment' })).toHaveValue(
        `${first.name} (${first.serialNumber})`,
      );
      await expect(phone.getByLabel('Location')).toHaveValue(first.location);
      await phone.getByLabel('Title').fill('Screen stays dark');
      await phone.getByLabel('Description').fill('The monitor does not start; the power light is on.');
      phone.once('dialog', (alert) => void alert.accept());
      await phone.getByRole('button', { name: 'Report Issue' }).click();
      await expect(phone).toHaveURL(/\/tasks\?show=reported$/);
      await expect(phone.getByText('Screen stays dark').first()).toBeVisible();
    });
  });

  test('a device page for an address the inventory does not have says so, with the way back', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/equipment/5f0c9d6e-2b1a-4c3d-9e8f-7a6b5c4d3e2f');
    await expect(page.getByRole('heading', { name: 'Equipment not found', level: 1 })).toBeVisible();
    await expect(page.getByText('This device is not in the inventory')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Equipment Inventory' }).first().click();
    await expect(page).toHaveURL(/\/equipment$/);
  });

  test("Add Equipment reads a scanned UDI (the scanner's Enter does not submit) and the device page shows it", async ({
    page,
  }) => {
    const tag = marker();
    const api = await openAs(page, addStaff('Technician', `${tag} Technician`));
    const lists = await api.lists();
    const gtin = `0950600013435${gtinCheckDigit('0950600013435')}`;
    const serial = `${tag}-U1`;
    await page.goto('/add-equipment');
    const form = page.getByRole('form', { name: 'Add Equipment' });
    const udi = form.getByLabel('UDI (optional)');

    // A scanner set up as a keyboard: the raw code, <GS> for the separator, then Enter.
    await udi.pressSequentially(`]d201${gtin}17290131<GS>10LOT-7<GS>21${serial}`);
    await udi.press('Enter');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByLabel('Serial Number')).toHaveValue(serial);
    const reading = form.locator('.udi-field__reading');
    await expect(reading).toContainText(gtin);
    await expect(reading).toContainText('LOT-7');

    // A code that does not read says why on the field.
    await udi.fill(`(01)0950600013436(21)${serial}`);
    await udi.press('Enter');
    await expect(udi).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('.ck-field__error')).toContainText('(01)');
    await udi.fill(`(01)${gtin}(17)290131(10)LOT-7(21)${serial}`);
    await udi.press('Enter');
    await expect(udi).not.toHaveAttribute('aria-invalid');

    // A serial number that is not the UDI's is refused before anything is sent.
    await form.getByLabel('Serial Number').fill(`${serial}-X`);
    await expect(form.getByText(`is not the UDI's serial (21) ${serial}`)).toBeVisible();
    await form.getByLabel('Serial Number').fill(serial);

    await form.getByLabel('Name').fill(`${tag} Ventilator`);
    await form.getByLabel('Manufacturer').fill('Hamilton Medical');
    await form.getByLabel('Model').fill('C6');
    await form.getByLabel('Category').selectOption(plainChoices(lists.categories)[0] ?? '');
    await form.getByLabel('Department').selectOption(plainChoices(lists.departments)[0] ?? '');
    await form.getByLabel('Location').fill('Bay 2');
    await form.getByLabel('Installation Date').fill('2024-05-02');
    await form.getByRole('button', { name: 'Save Equipment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Equipment added successfully!' })).toBeVisible();
    await expect(udi).toHaveValue('');

    await page.goto('/equipment');
    await search(page, serial);
    await page
      .getByRole('article', { name: `${tag} Ventilator` })
      .getByRole('link', { name: /^Device page/ })
      .click();
    await expect(page.getByRole('heading', { name: `${tag} Ventilator`, level: 1 })).toBeVisible();
    const facts = page.getByRole('region', { name: 'Unique Device Identifier' });
    await expect(facts).toContainText(`(01)${gtin}(17)290131(10)LOT-7(21)${serial}`);
    await expect(facts).toContainText('LOT-7');
    await expect(facts.locator('dt:text-is("Expiry Date") + dd')).toHaveText(/2029/);
  });
});

/** The inventory's selection and labels dialog, and the device page, in both themes and at phone width. */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`Labels and the device page, ${theme}, ${size.name}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      const tag = marker();
      const api = await openAs(page, addStaff('Engineer', `${tag} Engineer`));
      const [device] = await api.devices(tag, 3);
      if (!device) throw new Error('The devices were not made');
      const check = async (screen: string, fullPage = true) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        const violations = await accessibilityViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        await page.screenshot({
          path: `e2e/.results/screens/asset-labels-${screen}-${size.name}-${theme}.png`,
          fullPage,
          animations: 'disabled',
        });
      };

      await page.goto('/equipment');
      await search(page, tag);
      await selectBox(page, device).check();
      await expect(selectedLine(page)).toHaveText('1 device selected');
      await check('inventory');
      await page.getByRole('button', { name: 'Export' }).click();
      await expect(page.getByRole('button', { name: 'CSV (.csv)' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'CSV (.csv)' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Export' })).toBeFocused();

      await page.getByRole('button', { name: 'Print labels', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Print labels' })).toBeVisible();
      await check('dialog', false);
      await page.keyboard.press('Escape');

      await page.goto(`/equipment/${device._id}`);
      await expect(page.getByRole('heading', { name: 'Maintenance history' })).toBeVisible();
      await check('device');
    });
  }
}
