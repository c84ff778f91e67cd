import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { STORAGE_KEYS, type TaskDto } from '@caliber/contracts';
import { addStaff, expect, holdCalls, signInQuickly, test, type Staff } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

let counter = 0;
const marker = () => `M${Date.now().toString(36)}${++counter}`.toUpperCase();

/** A calendar date `days` from today (negative: in the past), as the forms and the API write it. */
function dateFromToday(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** Calls of the API as the signed-in person of a page, for setting the scene quickly. */
class Api extends SceneApi {
  constructor(
    request: APIRequestContext,
    token: string,
    /** The signed-in person, who takes the repairs they complete (a task is assigned before it is completed). */
    private readonly userId: string,
  ) {
    super(request, token);
  }

  device(tag: string): Promise<{ _id: string; name: string; serialNumber: string }> {
    return this.addDevice(tag, {
      name: `${tag} Defibrillator`,
      manufacturer: 'Philips',
      model: 'HeartStart MRx',
      location: 'ICU Bay 2',
      installationDate: '2021-05-01',
      category: 'Defibrillator',
    });
  }

  /** A repair that is done: created, its work recorded (fault, repair, parts), then completed. */
  async completedRepair(equipmentId: string, title: string): Promise<TaskDto> {
    const created = await this.request.post('/api/tasks', {
      headers: this.headers,
      data: {
        title,
        description: 'Shock test failed',
        priority: 'High',
        equipmentId,
        assignedTo: this.userId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { task } = (await created.json()) as { task: TaskDto };
    const work = await this.request.put(`/api/tasks/${task._id}/work`, {
      headers: this.headers,
      data: {
        faultDescription: `${title}: battery would not hold a charge`,
        repairDetails: `${title}: replaced the battery pack`,
        sparePartsUsed: [{ name: 'Battery pack', quantity: 1, description: 'M3538A lithium' }],
      },
    });
    expect(work.status(), await work.text()).toBe(200);
    const status = await this.request.put(`/api/tasks/${task._id}/status`, {
      headers: this.headers,
      data: { status: 'Completed' },
    });
    expect(status.status(), await status.text()).toBe(200);
    return (await status.json()) as TaskDto;
  }

  /** Assessed as life support (function 10), which makes the device high-risk too. */
  async assessLifeSupport(equipmentId: string): Promise<void> {
    const answer = await this.request.put(`/api/equipment/${equipmentId}/risk`, {
      headers: this.headers,
      data: { function: 10, physicalRisk: 5, maintenance: 3, incidentHistory: 0 },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  async schedule(data: Record<string, unknown>): Promise<{ task: TaskDto }> {
    const answer = await this.request.post('/api/maintenance/schedule', { headers: this.headers, data });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as { task: TaskDto };
  }
}

async function signIn(page: Page, staff: Staff): Promise<Api> {
  const user = await signInQuickly(page, staff);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return new Api(page.request, token ?? '', user._id);
}

/** An Engineer approved to receive tasks, as the demo Engineers are. */
const engineer = (name?: string) => addStaff('Engineer', name, { preApproved: true });

/** Chooses a device in an equipment combobox by typing its tag and using the keyboard. */
async function pickEquipment(scope: Page | Locator, tag: string) {
  const combobox = scope.getByRole('combobox', { name: 'Equipment' });
  await combobox.fill(tag);
  await expect(scope.getByRole('option', { name: new RegExp(tag) })).toHaveCount(1);
  await combobox.press('ArrowDown');
  await combobox.press('Enter');
  await expect(combobox).toHaveValue(`${tag} Defibrillator (${tag}-SN)`);
}

/**
 * Pages through the Overdue PM dialog until `item` shows: the list is read a page at a time, the
 * longest overdue first, so other tests' overdue work may come before it. False on the last page.
 */
async function findOverdue(dialog: Locator, item: Locator): Promise<boolean> {
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  for (let shown = 1; ; shown += 1) {
    if ((await item.count()) > 0) return true;
    const next = dialog
      .getByRole('navigation', { name: 'Overdue PM pages' })
      .getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) return false;
    await next.click();
    await expect(dialog.getByRole('button', { name: `Page ${shown + 1}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
}

const preventivePanel = (page: Page) => page.getByRole('region', { name: /^Preventive Maintenance/ });
const historyPanel = (page: Page) => page.getByRole('region', { name: /^Maintenance History/ });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

test.describe('Maintenance', () => {
  test('an Engineer schedules from the modal: required fields, the server’s refusal, then the item in the Preventive panel', async ({
    page,
  }) => {
    test.slow();
    const api = await signIn(page, engineer());
    const tag = marker();
    await api.device(tag);
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: 'Maintenance Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Report Issue' })).toHaveAttribute('href', '/report-issue');
    // The spec's heading, and a line saying what the panel lists: every unassigned open task.
    await expect(preventivePanel(page)).toHaveAccessibleDescription(
      'Every open task nobody is assigned to yet, scheduled PM and reported faults alike, the earliest due first.',
    );

    await page.getByRole('button', { name: 'Schedule Preventive' }).click();
    const modal = page.getByRole('dialog', { name: 'Schedule Preventive Maintenance' });
    await expect(modal.getByLabel('Interval')).toHaveValue('Monthly');
    await expect(modal.getByLabel('Interval').locator('option')).toHaveText([
      'Select interval',
      'Weekly',
      'Biweekly',
      'Monthly',
      'Quarterly',
      'Biannually',
      'Annually',
      'Every 2 Years',
    ]);
    await expect(modal.getByLabel('Schedule Basis')).toHaveValue('Manufacturer recommendation');
    await expect(modal.getByLabel('Justification')).toHaveCount(0);

    await modal.getByRole('button', { name: 'Schedule' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Please complete all required fields.');
    await expect(modal.getByLabel('Title')).toBeFocused();
    await expect(modal.getByRole('combobox', { name: 'Equipment' })).toHaveAttribute('aria-invalid', 'true');

    const title = `${tag} monthly defibrillator safety test`;
    await modal.getByLabel('Title').fill(title);
    await modal.getByLabel('Description').fill('Charge and discharge into the tester; check the pads.');
    await pickEquipment(modal, tag);
    await modal.getByLabel('PM Type').selectOption('Safety Testing');
    await modal.getByLabel('Due Date').fill(dateFromToday(10));
    await modal.getByLabel('Estimated Hours').fill('1.5');
    // An alternative schedule wants its justification.
    await modal.getByLabel('Schedule Basis').selectOption('Alternative maintenance schedule');
    await modal.getByRole('button', { name: 'Schedule' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Please complete all required fields.');
    await expect(modal.getByLabel('Justification')).toBeFocused();
    await modal.getByLabel('Justification').fill('Low use in a step-down unit; no failures in five years.');

    // The server's message when it refuses, the modal's own words when it gives none.
    await page.route('**/api/maintenance/schedule', (route) =>
      route.fulfill({ status: 409, json: { message: 'This device already has that plan.' } }),
    );
    await modal.getByRole('button', { name: 'Schedule' }).click();
    await expect(modal.getByRole('alert')).toHaveText('This device already has that plan.');
    await page.unroute('**/api/maintenance/schedule');
    await page.route('**/api/maintenance/schedule', (route) => route.fulfill({ status: 500, body: '' }));
    await modal.getByRole('button', { name: 'Schedule' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Failed to schedule preventive task');
    await page.unroute('**/api/maintenance/schedule');

    const held = await holdCalls(page, '/maintenance/schedule');
    await modal.getByRole('button', { name: 'Schedule' }).click();
    await expect(modal.getByRole('button', { name: 'Scheduling...' })).toBeDisabled();
    await held.release();
    await expect(modal).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Preventive maintenance scheduled' }),
    ).toBeVisible();

    await search(page, tag);
    const item = preventivePanel(page).getByRole('listitem', { name: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText(`${tag} Defibrillator (${tag}-SN)`);
    await expect(item).toContainText('Pending');
    await expect(item).toContainText('Preventive · Safety Testing');
    await expect(item).toContainText('Monthly');
    await expect(item).toContainText('Charge and discharge into the tester');
    await expect(item.getByText('Overdue', { exact: true })).toHaveCount(0);
    await expect(preventivePanel(page).getByText('Page 1 of 1')).toBeVisible();
  });

  test('an Engineer schedules from /schedule-preventive: required fields, the alert, then Maintenance', async ({
    page,
  }) => {
    test.slow();
    const api = await signIn(page, engineer());
    const tag = marker();
    await api.device(tag);
    await page.goto('/schedule-preventive');
    await expect(page.getByRole('heading', { name: 'Schedule Preventive Maintenance' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Maintenance' })).toHaveAttribute(
      'href',
      '/maintenance',
    );
    await expect(page.getByLabel('Priority')).toHaveValue('Medium');
    await expect(page.getByLabel('Priority').locator('option')).toHaveText(['Low', 'Medium', 'High']);
    await expect(page.getByLabel('Frequency').locator('option')).toHaveText([
      'Select frequency',
      'Daily',
      'Weekly',
      'Monthly',
      'Quarterly',
      'Semi-Annually',
      'Annually',
    ]);
    await expect(page.getByLabel('Duration (hours)')).toHaveAttribute('step', '0.5');

    const submit = page.getByRole('button', { name: 'Schedule Maintenance' });
    await submit.click();
    for (const message of [
      'Equipment is required.',
      'Title is required.',
      'Description is required.',
      'The scheduled date is required.',
      'Frequency is required.',
      'PM type is required.',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Equipment' })).toBeFocused();

    const title = `${tag} semi-annual ventilator PM`;
    await pickEquipment(page, tag);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Replace the filters and run the performance check.');
    await page.getByLabel('Scheduled Date').fill(dateFromToday(20));
    await page.getByLabel('Frequency').selectOption('Semi-Annually');
    await page.getByLabel('Duration (hours)').fill('1.25');
    await page.getByLabel('PM Type').selectOption('Filter Replacement');
    await submit.click();
    await expect(page.getByText('Duration goes in steps of 0.5 hours.')).toBeVisible();
    await page.getByLabel('Duration (hours)').fill('2.5');

    await page.route('**/api/maintenance/schedule', (route) => route.fulfill({ status: 503, body: '' }));
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Failed to schedule preventive maintenance');
    await page.unroute('**/api/maintenance/schedule');

    // A toast, not a browser alert.
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const held = await holdCalls(page, '/maintenance/schedule');
    await submit.click();
    await expect(page.getByRole('button', { name: 'Scheduling...' })).toBeDisabled();
    await held.release();
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Preventive maintenance scheduled successfully!' }),
    ).toBeVisible();
    expect(alerts).toEqual([]);

    await search(page, tag);
    const item = preventivePanel(page).getByRole('listitem', { name: title });
    await expect(item).toContainText('Biannually');
    await expect(item).toContainText(`${tag} Defibrillator (${tag}-SN)`);
  });

  test('Maintenance History: completed work eight a page, with fault, repair details and parts', async ({
    page,
  }) => {
    test.slow();
    const api = await signIn(page, engineer());
    const tag = marker();
    const device = await api.device(tag);
    for (let index = 1; index <= 9; index++) await api.completedRepair(device._id, `${tag} repair ${index}`);

    await page.goto('/maintenance');
    await search(page, tag);
    const history = historyPanel(page);
    await expect(history.getByText('Page 1 of 2')).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(8);
    // Newest first: the ninth repair, completed last, leads.
    const newest = history.getByRole('listitem').first();
    await expect(newest).toHaveAccessibleName(`${tag} repair 9`);
    await expect(newest).toContainText(`${tag} repair 9: battery would not hold a charge`);
    await expect(newest).toContainText(`${tag} repair 9: replaced the battery pack`);
    await expect(newest.getByRole('table')).toContainText('Battery pack');
    await expect(newest.getByRole('table')).toContainText('M3538A lithium');
    await expect(history.getByRole('button', { name: 'Prev' })).toBeDisabled();

    await history.getByRole('button', { name: 'Next' }).click();
    await expect(history.getByText('Page 2 of 2')).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem').first()).toHaveAccessibleName(`${tag} repair 1`);
    await expect(history.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A new search starts on the first page again; nothing matching says so in each panel.
    await search(page, `${tag}-nothing`);
    await expect(history.getByText('No maintenance history yet.')).toBeVisible();
    await expect(
      preventivePanel(page).getByText('No preventive items. Schedule one to get started.'),
    ).toBeVisible();
  });

  test('PM compliance above the panels: the figures, the overdue list with its tags, and a failure kept to itself', async ({
    page,
  }) => {
    test.slow();
    const api = await signIn(page, engineer());
    const tag = marker();
    const device = await api.device(tag);
    await api.assessLifeSupport(device._id);
    const title = `${tag} overdue electrical safety test`;
    // Two days ago: overdue, and within this month unless the month has just begun.
    const dueDate = dateFromToday(-2);
    await api.schedule({
      equipmentId: device._id,
      title,
      pmType: 'Safety Testing',
      interval: 'Monthly',
      firstDueDate: dueDate,
    });

    await page.goto('/maintenance');
    const compliance = page.getByRole('region', { name: /^PM compliance/ });
    await expect(compliance.getByRole('heading', { name: /^PM compliance, \w+ \d{4}$/ })).toBeVisible();
    for (const group of ['Overall', 'High-risk', 'Life-support'])
      await expect(
        compliance.getByLabel(new RegExp(`^${group} completion rate (\\d+(\\.\\d)?%|—)$`)),
      ).toBeVisible();
    await expect(compliance.getByText('Overdue PM')).toBeVisible();
    await expect(compliance.getByText('Devices without a plan')).toBeVisible();

    // The device's risk reaches maintenance through a feed: look again until it has.
    const overdue = page.getByRole('dialog', { name: 'Overdue PM' });
    const item = overdue.getByRole('listitem', { name: title });
    await expect(async () => {
      await page.reload();
      await compliance.getByRole('button', { name: 'View overdue' }).click();
      expect(await findOverdue(overdue, item)).toBe(true);
      await expect(item.getByText('Life-support', { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(item.getByText('High-risk', { exact: true })).toBeVisible();
    await expect(item).toContainText(`${tag} Defibrillator (${tag}-SN)`);
    await expect(item).toContainText(/\d+ days? overdue/);
    await expect(item).toContainText('Unassigned');
    await page.keyboard.press('Escape');
    await expect(overdue).toBeHidden();
    if (dueDate.slice(0, 7) === dateFromToday(0).slice(0, 7)) {
      // A life-support occurrence missed this month: the rate is a percentage, below 100%.
      const rate = compliance.getByLabel(/^Life-support completion rate /);
      await expect(rate).toHaveText(/^\d+(\.\d)?%$/);
      await expect(rate).not.toHaveText('100%');
    }

    // A device without a plan is scheduled from its line: the modal opens with it chosen.
    await compliance.getByRole('button', { name: 'View devices' }).click();
    const unplanned = page.getByRole('dialog', { name: 'Devices without a PM plan' });
    const first = unplanned.getByRole('listitem').first();
    const name = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('button', { name: 'Schedule PM' }).click();
    const modal = page.getByRole('dialog', { name: 'Schedule Preventive Maintenance' });
    await expect(modal.getByRole('combobox', { name: 'Equipment' })).toHaveValue(name);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();

    // The overdue occurrence shows in the Preventive panel with its tag.
    await search(page, tag);
    await expect(
      preventivePanel(page).getByRole('listitem', { name: title }).getByText('Overdue', { exact: true }),
    ).toBeVisible();

    await page.route('**/api/maintenance/compliance', (route) =>
      route.fulfill({ status: 503, json: { message: 'The maintenance service is not answering.' } }),
    );
    await page.reload();
    await expect(compliance.getByRole('alert')).toContainText('The maintenance service is not answering.');
    await search(page, tag);
    await expect(preventivePanel(page).getByRole('listitem', { name: title })).toBeVisible();
  });

  test('the loading text, and the panels’ failure with Retry', async ({ page }) => {
    await signIn(page, addStaff('Manager'));
    const held = await holdCalls(page, '/tasks*');
    await page.goto('/maintenance');
    await expect(page.getByText('Loading maintenance…')).toBeVisible();
    await held.release();
    await expect(page.getByText('Loading maintenance…')).toBeHidden();

    await page.route('**/api/tasks*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.reload();
    const error = page.getByRole('alert').filter({ hasText: 'Failed to fetch maintenance data' });
    await expect(error).toBeVisible();
    await page.unroute('**/api/tasks*');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(error).toBeHidden();
    await expect(historyPanel(page)).toBeVisible();
    // A Manager reads the page but does not schedule.
    await expect(page.getByRole('button', { name: 'Schedule Preventive' })).toHaveCount(0);
  });

  test('a Technician does not see Schedule Preventive and is refused /schedule-preventive', async ({
    page,
  }) => {
    await signIn(page, addStaff('Technician'));
    await page.goto('/maintenance');
    await expect(historyPanel(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Report Issue' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schedule Preventive' })).toHaveCount(0);
    // A Technician sees only work assigned to them, so never unassigned work: the panel says where theirs is.
    await expect(preventivePanel(page)).toContainText(
      'Unassigned work is handed out by Engineers and Admins; yours is on the Tasks page.',
    );
    await page.goto('/schedule-preventive');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

/** The screens at desktop and phone width, light and dark, saved for review under e2e/.results/screens. */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`Maintenance screens, ${theme}, ${size.name}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      const shoot = async (screen: string, fullPage = true) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await page.screenshot({
          path: `e2e/.results/screens/${screen}-${size.name}-${theme}.png`,
          fullPage,
          animations: 'disabled',
        });
      };
      const api = await signIn(page, engineer('Abena Osei-Bonsu'));
      const tag = marker();
      const device = await api.device(tag);
      await api.completedRepair(device._id, `${tag} defibrillator battery`);
      await api.schedule({
        equipmentId: device._id,
        title: `${tag} monthly safety test`,
        description: 'Charge and discharge into the tester; check the pads and the cables.',
        pmType: 'Safety Testing',
        interval: 'Monthly',
        firstDueDate: dateFromToday(-2),
      });

      await page.goto('/maintenance');
      await expect(historyPanel(page).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('region', { name: /^PM compliance, / })).toBeVisible();
      await shoot('maintenance');
      await shoot('maintenance-top', false);
      await historyPanel(page)
        .getByRole('listitem')
        .first()
        .screenshot({ path: `e2e/.results/screens/maintenance-history-item-${size.name}-${theme}.png` });

      await page.getByRole('button', { name: 'View overdue' }).click();
      await expect(page.getByRole('dialog', { name: 'Overdue PM' })).toBeVisible();
      await shoot('maintenance-overdue', false);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'View devices' }).click();
      await expect(page.getByRole('dialog', { name: 'Devices without a PM plan' })).toBeVisible();
      await shoot('maintenance-unplanned', false);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Schedule Preventive' }).click();
      const modal = page.getByRole('dialog', { name: 'Schedule Preventive Maintenance' });
      await modal.getByLabel('Schedule Basis').selectOption('Alternative maintenance schedule');
      await modal.getByRole('button', { name: 'Schedule' }).click();
      await expect(modal.getByRole('alert')).toBeVisible();
      await shoot('maintenance-schedule-modal', false);
      await modal.getByLabel('Justification').scrollIntoViewIfNeeded();
      await shoot('maintenance-schedule-modal-end', false);
      await page.keyboard.press('Escape');

      await page.goto('/schedule-preventive');
      await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
      await expect(page.getByText('Title is required.')).toBeVisible();
      await shoot('schedule-preventive');
    });
  }
}
