import type { Page } from '@playwright/test';
import { Pool } from 'pg';
import {
  RECALL_ACTIONS_PAGE,
  STORAGE_KEYS,
  type CreateEquipmentRequest,
  type DashboardResponse,
  type EquipmentDto,
  type RecallActionsPage,
  type RecallDto,
  type RecallNoticeRequest,
  type TaskCreatedResponse,
  type UserDto,
} from '@caliber/contracts';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { e2eValue } from '../support/environment';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

let counter = 0;
/** A tag no other test's devices carry: the recall's model is made of it, so demo data never matches. */
// It ends in letters: a serial's prefix is everything before its trailing digits.
const marker = () => `RC${Date.now().toString(36)}${++counter}SN`.toUpperCase();

/** The API with the signed-in person's session, as the screens call it. */
function apiOf(page: Page) {
  const send = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.token);
    const answer = await page.request[method](`/api${path}`, {
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  return {
    get: <T>(path: string) => send<T>('get', path),
    post: <T>(path: string, data: unknown) => send<T>('post', path, data),
    put: <T>(path: string, data: unknown) => send<T>('put', path, data),
  };
}

const device = (tag: string, serial: string): CreateEquipmentRequest => ({
  name: `${tag} Syringe Pump ${serial}`,
  manufacturer: 'Sigma Medical',
  model: `Spectrum ${tag}`,
  serialNumber: `${tag}${serial}`,
  department: 'ICU',
  location: 'ICU Bay 4',
  installationDate: '2022-06-01',
  status: 'Serviceable',
  category: 'Other',
});

test.describe('Recalls and field safety notices', () => {
  test('an Engineer enters a recall that matches two devices and closes both; a Technician reads it', async ({
    browser,
  }) => {
    test.slow();
    // The Engineer may receive tasks, so the task opened from the recall can be theirs to complete.
    const engineerContext = await browser.newContext();
    const technicianContext = await browser.newContext();
    try {
      const engineer = await engineerContext.newPage();
      const technician = await technicianContext.newPage();
      await signInQuickly(engineer, addStaff('Engineer', undefined, { preApproved: true }));
      await signInQuickly(technician, addStaff('Technician'));
      const tag = marker();
      const api = apiOf(engineer);
      const first = await api.post<EquipmentDto>('/equipment', device(tag, '0100'));
      const second = await api.post<EquipmentDto>('/equipment', device(tag, '0149'));
      const outside = await api.post<EquipmentDto>('/equipment', device(tag, '0151'));

      // From the inventory to the recalls, then a new notice typed in from its letter.
      await engineer.goto('/equipment');
      await engineer.getByRole('link', { name: 'Recalls', exact: true }).first().click();
      await expect(engineer.getByRole('heading', { name: 'Recalls and safety notices' })).toBeVisible();
      await engineer.getByRole('link', { name: 'New notice' }).click();
      await engineer.getByLabel('Source', { exact: true }).selectOption('FDA');
      await engineer.getByLabel('Source reference').fill(`Z-${tag}`);
      await engineer.getByLabel('Title').fill(`${tag} pumps may stop without alarm`);
      await engineer.getByLabel('Date published').fill('2026-02-01');
      // Other case and punctuation than the inventory's: they still match.
      await engineer.getByLabel('Manufacturer').fill('SIGMA-medical');
      await engineer.getByLabel('Models').fill(`spectrum-${tag.toLowerCase()}`);
      await engineer.getByLabel('Serial ranges (optional)').fill(`${tag}0099 to ${tag}0150`);
      await engineer.getByLabel('Hazard').fill('The pump may stop infusing without sounding its alarm.');
      await engineer
        .getByLabel('Action required')
        .fill('Update the firmware to 3.2 and test the occlusion alarm.');
      await expect(engineer.getByRole('button', { name: 'Save notice' })).toBeDisabled();
      await engineer.getByRole('button', { name: 'Check matching devices' }).click();
      const preview = engineer.getByRole('region', { name: 'Matching devices' });
      await expect(preview.getByText('2 devices match this notice.')).toBeVisible();
      await expect(preview.getByRole('listitem')).toHaveCount(2);
      await expect(preview).not.toContainText(outside.name);
      await engineer.getByRole('button', { name: 'Save notice' }).click();

      await expect(
        engineer.getByRole('heading', { name: `${tag} pumps may stop without alarm` }),
      ).toBeVisible();
      await expect(engineer.getByText('0 of 2 devices closed')).toBeVisible();
      const recallUrl = engineer.url();

      // The dashboard's "Open recalls" figures are the service's, and lead to the recalls.
      const figures = (await api.get<DashboardResponse>('/dashboard')).equipment?.recalls;
      expect(figures?.awaitingAction).toBeGreaterThanOrEqual(2);
      await engineer.goto('/dashboard');
      const card = engineer.getByRole('link', { name: /Open recalls/ });
      await expect(card).toContainText(
        `${figures?.openNotices} ${figures?.openNotices === 1 ? 'notice' : 'notices'} open`,
      );
      await expect(card).toContainText(`${figures?.awaitingAction} devices awaiting action`);
      await card.click();
      await expect(engineer).toHaveURL(/\/equipment\/recalls$/);

      // Both devices are flagged: the badge on their cards, and the inventory's "Open recall" filter.
      await engineer.goto(`/equipment?q=${tag}`);
      await expect(engineer.getByRole('article', { name: first.name }).locator('.recall-badge')).toHaveText(
        /^Recall/,
      );
      await expect(
        engineer.getByRole('article', { name: second.name }).locator('.recall-badge'),
      ).toBeVisible();
      await expect(
        engineer.getByRole('article', { name: outside.name }).locator('.recall-badge'),
      ).toHaveCount(0);
      // The box follows the address, which changes a moment after the click.
      await engineer.getByLabel('Open recall').click();
      await expect(engineer.getByLabel('Open recall')).toBeChecked();
      await expect(engineer).toHaveURL(/recall=open/);
      await expect(engineer.getByRole('article')).toHaveCount(2);

      // The Technician reads the recall but has nothing to change it with.
      await technician.goto(recallUrl);
      const technicianDevices = technician.getByRole('region', { name: 'Affected devices' });
      await expect(technicianDevices.getByRole('listitem')).toHaveCount(2);
      await expect(technician.getByRole('button', { name: 'Open a task' })).toHaveCount(0);
      await expect(technician.getByRole('button', { name: 'Close with task' })).toHaveCount(0);
      await expect(technician.getByRole('button', { name: 'Close with a decision' })).toHaveCount(0);
      await technician.goto('/equipment/recalls');
      await expect(
        technician.getByRole('link', { name: `${tag} pumps may stop without alarm` }),
      ).toBeVisible();
      await expect(technician.getByRole('link', { name: 'New notice' })).toHaveCount(0);
      await technician.goto('/equipment/recalls/new');
      await expect(technician).toHaveURL(/\/dashboard$/);

      // The first device: a Repair task opened from the recall, done, then the action closed with it.
      await engineer.goto(recallUrl);
      const firstAction = engineer.getByRole('listitem', { name: first.name });
      await firstAction.getByRole('button', { name: 'Open a task' }).click();
      await expect(firstAction.getByRole('status')).toContainText('Repair task');
      const taskId = await firstAction.getByLabel('Task number').inputValue();
      const task = await api.get<TaskCreatedResponse['task']>(`/tasks/${taskId}`);
      expect([task.title, task.taskType, task.equipment._id]).toEqual([
        `Recall Z-${tag}: ${tag} pumps may stop without alarm`,
        'Repair',
        first._id,
      ]);
      // Closing with a task not yet completed is refused with the server's words.
      await firstAction.getByRole('button', { name: 'Close with task' }).click();
      await expect(firstAction.getByRole('alert')).toContainText('not Completed');
      const me = await api.get<{ user: UserDto }>('/auth/me');
      await api.put(`/tasks/${taskId}`, { assignedTo: me.user._id });
      await api.put(`/tasks/${taskId}/status`, { status: 'Completed' });
      await firstAction.getByRole('button', { name: 'Close with task' }).click();
      await expect(firstAction.getByText(`Closed with task ${taskId}`)).toBeVisible();
      await expect(engineer.getByText('1 of 2 devices closed')).toBeVisible();

      // The second device: a written decision.
      const secondAction = engineer.getByRole('listitem', { name: second.name });
      await secondAction
        .getByLabel('Decision')
        .fill('Firmware read on the device screen: already 3.2, occlusion alarm tested and sounding.');
      await secondAction.getByRole('button', { name: 'Close with a decision' }).click();
      await expect(secondAction.getByText(/Closed with a decision/)).toBeVisible();
      await expect(engineer.getByText('2 of 2 devices closed')).toBeVisible();
      await expect(engineer.locator('.page__subtitle').getByText('Closed', { exact: true })).toBeVisible();

      // Closed: the badge is gone, the filter finds nothing, the Technician's page says closed.
      await engineer.goto(`/equipment?q=${tag}&recall=open`);
      await expect(engineer.getByText('No equipment found')).toBeVisible();
      await technician.goto(recallUrl);
      await expect(technician.getByText('2 of 2 devices closed')).toBeVisible();
      const recallId = new URL(recallUrl).pathname.split('/').pop() ?? '';
      const closed = await apiOf(technician).get<RecallDto>(`/recalls/${recallId}`);
      const closedDevices = await apiOf(technician).get<RecallActionsPage>(`/recalls/${recallId}/actions`);
      expect([closed.state, closedDevices.actions.map((action) => action.closedWith).sort()]).toEqual([
        'closed',
        ['decision', 'task'],
      ]);

      // An edit that widens the range finds the third device and opens the recall again; the two
      // closed actions stay closed.
      await engineer.goto(recallUrl);
      await engineer.getByRole('link', { name: 'Edit notice' }).click();
      await expect(engineer.getByRole('heading', { name: 'Edit recall or safety notice' })).toBeVisible();
      await expect(engineer.getByLabel('Serial ranges (optional)')).toHaveValue(`${tag}0099 to ${tag}0150`);
      await engineer.getByLabel('Serial ranges (optional)').fill(`${tag}0099 to ${tag}0151`);
      await expect(engineer.getByRole('button', { name: 'Save changes' })).toBeDisabled();
      await engineer.getByRole('button', { name: 'Check matching devices' }).click();
      await expect(engineer.getByText('3 devices match this notice.')).toBeVisible();
      await engineer.getByRole('button', { name: 'Save changes' }).click();
      await expect(engineer.getByText('2 of 3 devices closed')).toBeVisible();
      await expect(
        engineer.getByRole('listitem', { name: outside.name }).getByText('Open', { exact: true }),
      ).toBeVisible();
    } finally {
      await Promise.all([engineerContext.close(), technicianContext.close()]);
    }
  });
});

test('an Engineer closes a notice that found no device with a decision', async ({ page }) => {
  const tag = marker();
  await signInQuickly(page, addStaff('Engineer'));
  const recall = await apiOf(page).post<RecallDto>('/recalls', {
    source: 'MHRA',
    sourceReference: `DSI-${tag}`,
    title: `${tag} monitors may reboot`,
    manufacturer: 'Nowhere Medical',
    models: [`Ghost ${tag}`],
    hazard: 'The monitor may reboot during use.',
    actionRequired: 'Install software 2.1.',
    publishedOn: '2026-04-01',
  });
  await page.goto(`/equipment/recalls/${recall._id}`);
  await expect(page.getByText('No device matches this notice')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close the recall' })).toBeDisabled();
  await page
    .getByLabel('Decision to close this recall')
    .fill('No Nowhere Medical monitor is in the hospital: purchasing records checked.');
  await page.getByRole('button', { name: 'Close the recall' }).click();
  await expect(page.getByText('Closed with a decision:')).toBeVisible();
  await expect(page.locator('.page__subtitle').getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close the recall' })).toHaveCount(0);
});

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * A screen as it stands: nothing scrolls sideways, axe finds nothing, and it is photographed from
 * the top (so the page's sticky bar is where it belongs) for review.
 */
async function checkScreen(page: Page, screen: string, size: (typeof WIDTHS)[number], theme: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `e2e/.results/screens/recalls-${screen}-${size.name}-${theme}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/** Records a notice as an Engineer in a session of their own (the page's person only reads). */
async function recordAsEngineer(page: Page, notice: RecallNoticeRequest): Promise<string> {
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error('No browser to open a second session in.');
  try {
    const engineer = await context.newPage();
    await signInQuickly(engineer, addStaff('Engineer'));
    return (await apiOf(engineer).post<RecallDto>('/recalls', notice))._id;
  } finally {
    await context.close();
  }
}

test('a recall that found more devices than a page shows them a page at a time', async ({ page }) => {
  test.slow();
  const tag = marker();
  await signInQuickly(page, addStaff('Technician'));
  // More devices of one model than a page holds, written in the database: nobody types them in.
  const devices = RECALL_ACTIONS_PAGE.default + 5;
  const { DATABASE_URL } = JSON.parse(e2eValue('serviceEnv')) as { DATABASE_URL: string };
  const pool = new Pool({ connectionString: DATABASE_URL, max: 1 });
  try {
    await pool.query(
      `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
              "location", "installation_date", "status", "category", "created_by_id", "created_by_name",
              "updated_by_id", "updated_by_name")
       SELECT $1 || ' Pump ' || lpad(i::text, 3, '0'), 'Sigma Medical', $2, $1 || i, 'ICU', 'ICU Bay 4',
              '2022-06-01', 'Serviceable', 'Other', gen_random_uuid(), 'Seed', gen_random_uuid(), 'Seed'
         FROM generate_series(1, $3::int) AS i`,
      [tag, `Spectrum ${tag}`, devices],
    );
  } finally {
    await pool.end();
  }
  const recallId = await recordAsEngineer(page, {
    source: 'Manufacturer',
    sourceReference: `FSN-${tag}`,
    title: `${tag} battery may swell`,
    manufacturer: 'Sigma Medical',
    models: [`Spectrum ${tag}`],
    hazard: 'The battery may swell and crack the housing.',
    actionRequired: 'Replace the battery pack.',
    publishedOn: '2026-03-10',
  });

  await page.goto(`/equipment/recalls/${recallId}`);
  const region = page.getByRole('region', { name: 'Affected devices' });
  await expect(region.getByRole('listitem')).toHaveCount(RECALL_ACTIONS_PAGE.default);
  await expect(
    region.getByText(`Showing 1-${RECALL_ACTIONS_PAGE.default} of ${devices} total`),
  ).toBeVisible();
  await expect(region.getByRole('listitem', { name: `${tag} Pump 001` })).toBeVisible();
  await region
    .getByRole('navigation', { name: 'Affected device pages' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(region.getByRole('listitem')).toHaveCount(devices - RECALL_ACTIONS_PAGE.default);
  await expect(
    region.getByText(`Showing ${RECALL_ACTIONS_PAGE.default + 1}-${devices} of ${devices} total`),
  ).toBeVisible();
  await expect(
    region.getByRole('listitem', { name: `${tag} Pump ${String(devices).padStart(3, '0')}` }),
  ).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);

  // A notice recorded twice before a reference was recorded once, as the migration marked it.
  const again = new Pool({ connectionString: DATABASE_URL, max: 1 });
  let repeatId: string;
  try {
    const { rows } = await again.query<{ id: string }>(
      `INSERT INTO "equipment"."recall_notices" ("source", "source_reference", "title", "manufacturer",
              "manufacturer_key", "models", "model_keys", "serial_numbers", "serial_keys", "serial_ranges",
              "range_keys", "lot_numbers", "lot_keys", "hazard", "action_required", "published_on", "duplicate_of")
       SELECT "source", "source_reference", "title", "manufacturer", "manufacturer_key", "models", "model_keys",
              "serial_numbers", "serial_keys", "serial_ranges", "range_keys", "lot_numbers", "lot_keys", "hazard",
              "action_required", "published_on", "id"
         FROM "equipment"."recall_notices" WHERE "id" = $1
       RETURNING "id"`,
      [recallId],
    );
    repeatId = rows[0]?.id ?? '';
  } finally {
    await again.end();
  }

  for (const theme of ['light', 'dark'] as const)
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/equipment/recalls/${recallId}?page=2`);
      await expect(region.getByRole('listitem')).toHaveCount(devices - RECALL_ACTIONS_PAGE.default);
      await checkScreen(page, 'paged', size, theme);
      await page.goto(`/equipment/recalls/${repeatId}`);
      await expect(
        page.getByText('This notice repeats one recorded earlier with the same source and reference.'),
      ).toBeVisible();
      await checkScreen(page, 'repeat', size, theme);
    }
  await page.getByRole('link', { name: 'Open the first record' }).click();
  await expect(page).toHaveURL(new RegExp(`/equipment/recalls/${recallId}$`));
});

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`Recalls screens, ${theme}, ${size.name}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      const tag = marker();
      await signInQuickly(page, addStaff('Engineer', `${tag} Engineer`));
      const api = apiOf(page);
      await api.post('/equipment', device(tag, '0100'));
      await api.post('/equipment', device(tag, '0120'));
      const notice: RecallNoticeRequest = {
        source: 'Manufacturer',
        sourceReference: `FSN-${tag}`,
        title: `${tag} battery may swell`,
        manufacturer: 'Sigma Medical',
        models: [`Spectrum ${tag}`],
        serialNumbers: [],
        serialRanges: [],
        lotNumbers: [],
        hazard: 'The battery may swell and crack the housing.',
        actionRequired: 'Replace the battery pack with part 35162.',
        publishedOn: '2026-03-10',
      };
      const recall = await api.post<RecallDto>('/recalls', notice);
      const found = await api.get<RecallActionsPage>(`/recalls/${recall._id}/actions`);
      const check = (screen: string) => checkScreen(page, screen, size, theme);

      await page.goto('/equipment/recalls');
      await expect(page.getByRole('link', { name: notice.title })).toBeVisible();
      await check('list');

      await page.goto('/equipment/recalls/new');
      await page.getByLabel('Source reference').fill(`FSN-${tag}-2`);
      await page.getByLabel('Title').fill('Battery may swell');
      await page.getByLabel('Date published').fill('2026-03-10');
      await page.getByLabel('Manufacturer').fill('Sigma Medical');
      await page.getByLabel('Models').fill(`Spectrum ${tag}`);
      await page.getByLabel('Hazard').fill(notice.hazard);
      await page.getByLabel('Action required').fill(notice.actionRequired);
      await page.getByRole('button', { name: 'Check matching devices' }).click();
      // No serial numbers and no lots: the form says it applies to every device of the model.
      await expect(
        page.getByText(
          'This notice lists no serial numbers and no lots, so it applies to every device of these models.',
        ),
      ).toBeVisible();
      await check('new');

      // The same source's reference as the notice on record (typed with other case and spacing):
      // the save is refused, naming it, with a link that opens it.
      await page.getByLabel('Source', { exact: true }).selectOption('Manufacturer');
      await page.getByLabel('Source reference').fill(` fsn-${tag.toLowerCase()} `);
      await page.getByRole('button', { name: 'Check matching devices' }).click();
      await page.getByRole('button', { name: 'Save notice' }).click();
      const refusal = page.locator('.ck-error-box');
      await expect(refusal).toContainText(`Manufacturer FSN-${tag} is already recorded as "${notice.title}"`);
      await expect(refusal.getByRole('link', { name: 'Open the recorded notice' })).toBeVisible();
      await check('new-recorded');
      await refusal.getByRole('link', { name: 'Open the recorded notice' }).click();
      await expect(page).toHaveURL(new RegExp(`/equipment/recalls/${recall._id}$`));

      await page.goto(`/equipment/recalls/${recall._id}`);
      await expect(page.getByRole('region', { name: 'Affected devices' }).getByRole('listitem')).toHaveCount(
        2,
      );
      await expect(page.getByText('Every device of these models')).toBeVisible();
      await check('recall');

      await page.goto(`/equipment?q=${tag}`);
      await expect(page.locator('.recall-badge')).toHaveCount(2);
      await check('inventory');

      // The device's own page lists the recall that found it.
      await page.goto(`/equipment/${found.actions[0]?.device._id ?? ''}`);
      const recalls = page.getByRole('region', { name: 'Recalls and safety notices' });
      await expect(recalls.getByRole('link', { name: notice.title })).toBeVisible();
      await expect(recalls.getByText('Action open')).toBeVisible();
      await check('device');
    });
  }
}
