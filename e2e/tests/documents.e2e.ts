import type { Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@caliber/contracts';
import sharp from 'sharp';
import { addStaff, expect, signInQuickly, test, type Staff } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

let counter = 0;
const marker = () => `D${Date.now().toString(36)}${++counter}`.toUpperCase();

/** A photo as a phone's camera makes it: a JPEG that says where it was taken. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 190, g: 60, b: 40 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

const MANUAL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

class Api extends SceneApi {
  /** A ventilator; its model is the test's own unless named (manuals are shared by model). */
  device(tag: string, model = `Evita ${tag}`) {
    return this.addDevice(tag, {
      name: `${tag} Ventilator`,
      manufacturer: 'Dräger',
      model,
      location: 'ICU Bed 3',
      installationDate: '2022-03-01',
      category: 'Ventilator',
    });
  }

  async report(equipment: string, title: string): Promise<string> {
    const answer = await this.request.post('/api/maintenance/report', {
      headers: this.headers,
      data: { equipment, title, description: 'Seen on the ward round.' },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { task: { _id: string } }).task._id;
  }

  async attach(path: string, purpose: string, fileName: string, body: Buffer): Promise<string> {
    const answer = await this.request.post(
      `${path}/documents?purpose=${purpose}&fileName=${encodeURIComponent(fileName)}`,
      {
        headers: { ...this.headers, 'content-type': 'application/octet-stream' },
        data: body,
      },
    );
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { _id: string })._id;
  }

  get(path: string) {
    return this.request.get(path, { headers: this.headers });
  }
}

async function signIn(page: Page, staff: Staff): Promise<Api> {
  await signInQuickly(page, staff);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return new Api(page.request, token ?? '');
}

async function pickEquipment(scope: Locator, tag: string) {
  const combobox = scope.getByRole('combobox', { name: 'Equipment' });
  await combobox.fill(tag);
  await expect(scope.getByRole('option', { name: new RegExp(tag) })).toHaveCount(1);
  await combobox.press('ArrowDown');
  await combobox.press('Enter');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test.describe('Photos and documents at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a Technician photographs a fault with the report, and opens the photo from the task, in both themes', async ({
    page,
  }) => {
    const api = await signIn(
      page,
      addStaff('Technician', `Photo Reporter ${marker()}`, { preApproved: true }),
    );
    const tag = marker();
    await api.device(tag);
    await page.goto('/report-issue');
    const form = page.getByRole('form', { name: 'Report Equipment Issue' });
    await pickEquipment(form, tag);
    await form.getByLabel('Title').fill(`${tag} cracked housing`);
    await form.getByLabel('Description').fill('The housing is cracked beside the handle.');
    await form
      .getByLabel('Photos')
      .setInputFiles({ name: 'cracked-housing.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await expect(
      form.getByRole('list', { name: 'Photos chosen' }).getByRole('img', { name: 'cracked-housing.jpg' }),
    ).toBeVisible();
    await fitsThePhone(page);
    await page.screenshot({ path: test.info().outputPath('report-with-photo.png'), fullPage: true });
    await form.getByRole('button', { name: 'Report Issue' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Issue reported successfully!' })).toBeVisible();
    await expect(page).toHaveURL(/\/tasks\?show=reported$/);

    const card = page.getByRole('article', { name: `${tag} cracked housing` });
    await card.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: `${tag} cracked housing` });
    const photos = dialog.getByRole('region', { name: 'Photos and documents' });
    await expect(photos.getByText('cracked-housing.jpg')).toBeVisible();
    await expect(photos.getByRole('img', { name: 'cracked-housing.jpg' })).toBeVisible();
    await fitsThePhone(page);
    await photos.screenshot({ path: test.info().outputPath('task-photo-light.png') });
    await photos.getByRole('button', { name: 'View cracked-housing.jpg' }).click();
    const viewer = page.getByRole('dialog', { name: 'cracked-housing.jpg' });
    const full = viewer.getByRole('img', { name: 'cracked-housing.jpg' });
    await expect(full).toBeVisible();
    await expect.poll(() => full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600);
    await page.screenshot({ path: test.info().outputPath('photo-viewer.png') });
    await viewer.getByRole('button', { name: 'Close' }).click();

    // The task's address opens it again after the reload that takes the system's dark theme.
    await expect(page).toHaveURL(/task=/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(photos.getByRole('img', { name: 'cracked-housing.jpg' })).toBeVisible();
    await expect
      .poll(() =>
        photos
          .getByRole('img', { name: 'cracked-housing.jpg' })
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await photos.screenshot({ path: test.info().outputPath('task-photo-dark.png') });
  });

  test("a manual added on one device's page shows on another device of the same model", async ({ page }) => {
    const api = await signIn(page, addStaff('Technician', `Manual Keeper ${marker()}`));
    const [first, second, other] = [marker(), marker(), marker()];
    const one = await api.device(first, `Evita V500 ${first}`);
    const two = await api.device(second, `Evita V500 ${first}`);
    const three = await api.device(other, `Evita Infinity ${first}`);
    await page.goto(`/equipment/${one._id}`);
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents.getByText(/No documents yet/)).toBeVisible();
    const upload = documents.getByRole('form', { name: 'Add to documents' });
    await upload.getByLabel('Kind of file').selectOption({ label: 'Manual' });
    await upload
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'Evita V500 user manual.pdf', mimeType: 'application/pdf', buffer: MANUAL });
    await upload.getByRole('button', { name: 'Add file' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'File added.' })).toBeVisible();
    await expect(documents.getByText('Evita V500 user manual.pdf')).toBeVisible();
    await fitsThePhone(page);

    await page.goto(`/equipment/${two._id}`);
    await expect(
      page.getByRole('region', { name: 'Documents' }).getByText('Evita V500 user manual.pdf'),
    ).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('Evita V500 user manual.pdf');

    await page.goto(`/equipment/${three._id}`);
    await expect(page.getByRole('region', { name: 'Documents' }).getByText(/No documents yet/)).toBeVisible();
  });

  test('a file that is not what its kind takes is refused with the reason, and nothing is added', async ({
    page,
  }) => {
    const api = await signIn(page, addStaff('Technician', `Careless Sender ${marker()}`));
    const tag = marker();
    const device = await api.device(tag);
    await page.goto(`/equipment/${device._id}`);
    const documents = page.getByRole('region', { name: 'Documents' });
    const upload = documents.getByRole('form', { name: 'Add to documents' });
    await upload.getByLabel('File', { exact: true }).setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await upload.getByRole('button', { name: 'Add file' }).click();
    await expect(upload.getByRole('alert')).toContainText(/service report/i);
    await expect(documents.getByText(/No documents yet/)).toBeVisible();
  });
});

test('a nurse sends another photo of her report from My reports, at phone width in the dark theme', async ({
  browser,
  page,
}) => {
  const keeper = await signIn(page, addStaff('Technician', `Ward Keeper ${marker()}`));
  const tag = marker();
  const device = await keeper.device(tag);
  // Adwoa Badu, an ICU nurse of the demo roster, signs in with her hospital account (clinical staff
  // have no code by SMS) at the stack's own identity provider, whose password is `demo`.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  try {
    const phone = await context.newPage();
    await phone.goto('/my-reports');
    await phone.getByRole('button', { name: 'Sign in with Caliber demo directory' }).click();
    await phone.getByLabel('Login').fill('adwoa.badu@caliber.example');
    await phone.getByLabel('Password').fill('demo');
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await expect(phone).toHaveURL(/\/my-reports$/);
    const token = await phone.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    await new Api(phone.request, token ?? '').report(device._id, `${tag} screen cracked`);

    await phone.reload();
    await expect(phone.locator('html')).toHaveAttribute('data-theme', 'dark');
    const report = phone.getByRole('listitem', { name: `${tag} screen cracked` });
    await report.getByRole('button', { name: `Photos of ${tag} screen cracked` }).click();
    const dialog = phone.getByRole('dialog', { name: `${tag} screen cracked` });
    await expect(dialog.getByText('No photo was sent with this report yet.')).toBeVisible();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cracked-screen.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await expect(phone.getByRole('status').filter({ hasText: 'File added.' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'cracked-screen.jpg' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Remove cracked-screen.jpg' })).toBeVisible();
    await fitsThePhone(phone);
    await phone.screenshot({ path: test.info().outputPath('my-report-photos-dark.png') });
  } finally {
    await context.close();
  }
});

test('a Technician who neither reported nor works a task cannot download its photo', async ({ browser }) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
    const reporter = await signIn(first as Page, addStaff('Technician', `Reporter ${marker()}`));
    const stranger = await signIn(second as Page, addStaff('Technician', `Stranger ${marker()}`));
    const tag = marker();
    const device = await reporter.device(tag);
    const task = await reporter.report(device._id, `${tag} alarm fault`);
    const photo = await reporter.attach(`/api/tasks/${task}`, 'photo', 'alarm.jpg', await cameraPhoto());
    expect((await reporter.get(`/api/tasks/${task}/documents/${photo}`)).status()).toBe(200);
    const refused = await stranger.get(`/api/tasks/${task}/documents/${photo}`);
    expect(refused.status()).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toBe('This task is not in the list.');
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
