import type { Locator, Page } from '@playwright/test';
import {
  costOfServiceRatioText,
  STORAGE_KEYS,
  type DashboardResponse,
  type EquipmentCounts,
} from '@caliber/contracts';
import { rateText, shareText, statTrendText, statusShares } from '../../shell/src/dashboard/dashboard-format';
import { addStaff, expect, holdCalls, signInQuickly, test, type Staff } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

let counter = 0;
const marker = () => `D${Date.now().toString(36)}${++counter}`.toUpperCase();

/** The four stat cards and the equipment figure each one shows. */
const STAT_CARDS: readonly [label: string, key: keyof EquipmentCounts][] = [
  ['Total Equipment', 'total'],
  ['Serviceable', 'serviceable'],
  ['Under Maintenance', 'maintenance'],
  ['Unserviceable', 'unserviceable'],
];

/** Calls of the API as the signed-in person of a page: the answer to compare, and the scene to set. */
class Api extends SceneApi {
  async dashboard(): Promise<DashboardResponse> {
    const answer = await this.request.get('/api/dashboard', { headers: this.headers });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as DashboardResponse;
  }

  device(tag: string): Promise<{ _id: string; name: string }> {
    return this.addDevice(tag, {
      name: `${tag} Patient Monitor`,
      manufacturer: 'Philips',
      model: 'IntelliVue MX450',
      location: 'ICU Bed 5',
      installationDate: '2023-02-01',
      category: 'Monitor',
    });
  }

  async task(equipmentId: string, title: string): Promise<void> {
    const answer = await this.request.post('/api/tasks', {
      headers: this.headers,
      data: { title, description: 'Screen flickers.', taskType: 'Repair', priority: 'Medium', equipmentId },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
}

async function signIn(page: Page, staff: Staff): Promise<Api> {
  await signInQuickly(page, staff);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return new Api(page.request, token ?? '');
}

const statCard = (page: Page, label: string): Locator =>
  page.getByRole('group', { name: label, exact: true });
const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });
const count = (value: number) => value.toLocaleString('en-US');

/**
 * The dashboard loaded with its figures and, unless told otherwise, the live connection up (its
 * indicator is hidden at phone width, so the screenshots there do without).
 */
async function openDashboard(page: Page, { live = true }: { live?: boolean } = {}): Promise<void> {
  await page.goto('/dashboard');
  await expect(statCard(page, 'Total Equipment')).toBeVisible();
  if (live) await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
}

test.describe('Dashboard', () => {
  test('shows the figures GET /api/dashboard answers, each linked to the list behind it', async ({
    page,
  }) => {
    const api = await signIn(page, addStaff('Engineer', `Engineer ${marker()}`));
    await openDashboard(page);
    const answer = await api.dashboard();
    // A healthy test stack answers every part.
    expect(answer.unavailable).toEqual({});
    const { equipment, tasks, pm, system } = answer;
    if (!equipment || !tasks || !pm) throw new Error('a part of the dashboard is missing');

    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    for (const [label, key] of STAT_CARDS) {
      const stat = statCard(page, label);
      await expect(stat.locator('.dashboard-stat__value')).toHaveText(count(equipment[key]));
      const trend = statTrendText(equipment[key], equipment.earlier?.[key]);
      if (trend) await expect(stat.locator('.dashboard-trend')).toHaveText(trend);
      else await expect(stat.locator('.dashboard-trend')).toHaveCount(0);
    }

    const overdue = page.getByRole('link', { name: /^Overdue tasks/ });
    await expect(overdue).toContainText(count(tasks.overdue));
    await expect(overdue).toHaveAttribute('href', '/tasks?show=overdue');
    const awaiting = page.getByRole('link', { name: /^Awaiting certification/ });
    await expect(awaiting).toContainText(count(tasks.awaitingCertification));
    await expect(awaiting).toHaveAttribute('href', '/tasks?show=awaiting-certification');
    const compliance = page.getByRole('link', { name: /^PM compliance this month/ });
    await expect(compliance).toContainText(`${rateText(pm.overall.rate)} overall`);
    await expect(compliance).toContainText(`${rateText(pm.lifeSupport.rate)} life-support`);
    await expect(compliance).toHaveAttribute('href', '/maintenance');

    const actions = card(page, 'Quick Actions');
    for (const [name, href] of [
      ['Add Equipment', '/add-equipment'],
      ['View Inventory', '/equipment'],
      ['Maintenance Tasks', '/tasks'],
    ] as const)
      await expect(actions.getByRole('link', { name })).toHaveAttribute('href', href);
    await expect(actions.getByRole('button', { name: 'Generate Report' })).toBeVisible();

    const overview = card(page, 'Equipment Status Overview');
    // Each status is a meter named by it, its count out of all devices, its share read out.
    for (const share of statusShares(equipment.byStatus)) {
      const meter = overview.getByRole('meter', { name: share.status, exact: true });
      await expect(meter).toHaveAttribute('aria-valuenow', String(share.count));
      await expect(meter).toHaveAttribute(
        'aria-valuetext',
        `${count(share.count)}, ${shareText(share)} of all equipment`,
      );
      const row = overview
        .getByRole('listitem')
        .filter({ has: page.getByRole('meter', { name: share.status, exact: true }) });
      await expect(row.locator('.ck-meter__value')).toHaveText(`${count(share.count)} (${shareText(share)})`);
    }

    const recent = card(page, 'Recent Activity');
    if (answer.recentTasks.length === 0) await expect(recent).toContainText('No recent activity.');
    for (const task of answer.recentTasks) {
      const item = recent.getByRole('listitem').filter({ hasText: task.title });
      await expect(item.getByRole('link', { name: task.title })).toBeVisible();
      await expect(item.locator('.ck-badge')).toHaveText(task.status);
      await expect(item).toContainText(task.equipmentName);
      await expect(item).toContainText(task.technicianName ?? 'Unassigned');
    }

    const summary = card(page, 'Tasks Summary');
    for (const [label, value] of [
      ['Total', tasks.total],
      ['Pending', tasks.pending],
      ['In Progress', tasks.inProgress],
      ['Completed', tasks.completed],
    ] as const)
      await expect(
        summary.locator('.dashboard-summary__item').filter({ hasText: label }).locator('dd'),
      ).toHaveText(count(value));

    const profile = card(page, 'Profile');
    await expect(profile.getByText(/^Last Login: /)).toHaveText(
      answer.lastLogin ? /^Last Login: .*\d/ : 'Last Login: First sign-in',
    );

    const status = card(page, 'System Status');
    for (const [label, check] of [
      ['Database', system.database],
      ['Services', system.services],
      ['Live connection', system.live],
      ['Queue', system.queue],
    ] as const)
      await expect(status.getByRole('listitem').filter({ hasText: label }).locator('.ck-badge')).toHaveText(
        check.ok ? 'OK' : (check.problem ?? 'Not working'),
      );
    const backup = status.getByRole('listitem').filter({ hasText: 'Backup' }).locator('.ck-badge');
    if (system.lastBackupAt) await expect(backup).not.toHaveText('OK');
    else await expect(backup).toHaveText('Not reported');

    // The card opens the list behind it: the same number of tasks, said to be the overdue ones.
    await overdue.click();
    await expect(page).toHaveURL(/\/tasks\?show=overdue$/);
    await expect(page.getByRole('heading', { name: 'Task Management', exact: true })).toBeVisible();
    await expect(page.getByText('Showing overdue tasks only', { exact: false })).toBeVisible();
    await expect(page.locator('.ck-count-lines__line')).toHaveText(
      new RegExp(`^${tasks.overdue} task\\(s\\) found`),
    );
  });

  test("those who read costs see the hospital's cost of service once worked out; a Technician does not", async ({
    page,
    browser,
  }) => {
    const api = await signIn(page, addStaff('Manager', `Manager ${marker()}`));
    await openDashboard(page);
    const cost = page.getByRole('group', { name: 'Cost of service', exact: true });
    await expect(cost).toBeVisible();
    // The first dashboard of the day queues today's figure; the card turns current without a reload.
    await expect(cost.getByText(/^As of /)).toBeVisible({ timeout: 30_000 });
    await expect(cost.getByText("Today's figure is being worked out", { exact: false })).toBeHidden({
      timeout: 30_000,
    });
    const part = (await api.dashboard()).costOfService;
    if (!part?.figure) throw new Error('No cost of service figure');
    expect(part.current).toBe(true);
    await expect(cost.locator('.dashboard-cost__value')).toHaveText(
      costOfServiceRatioText(part.figure.ratio),
    );
    await expect(cost.getByRole('link', { name: /full report/ })).toHaveAttribute('href', '/reports');

    const other = await browser.newPage();
    try {
      await signIn(other, addStaff('Technician', `Technician ${marker()}`));
      await openDashboard(other);
      await expect(other.getByRole('link', { name: /^Overdue tasks/ })).toBeVisible();
      await expect(other.getByRole('group', { name: 'Cost of service', exact: true })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('a failed load says so, and Retry asks again', async ({ page }) => {
    await signIn(page, addStaff('Technician', `Technician ${marker()}`));
    // A server fault is asked twice more (the app's read policy) before it is shown.
    await page.route('**/api/dashboard', (route) => route.fulfill({ status: 500, body: '' }), { times: 3 });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Error Loading Dashboard' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Failed to fetch dashboard data');

    const retried = await holdCalls(page, '/dashboard');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Loading dashboard…')).toBeVisible();
    await retried.release();
    await expect(statCard(page, 'Total Equipment')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Error Loading Dashboard' })).toBeHidden();
  });

  test('a part that did not arrive says why, and the rest still shows', async ({ page }) => {
    await signIn(page, addStaff('Technician', `Technician ${marker()}`));
    const reason = 'The equipment service did not answer in time.';
    await page.route('**/api/dashboard', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as DashboardResponse;
      await route.fulfill({
        response,
        json: { ...body, equipment: null, unavailable: { ...body.unavailable, equipment: reason } },
      });
    });
    await page.goto('/dashboard');
    for (const [label] of STAT_CARDS) await expect(statCard(page, label)).toContainText('Unavailable');
    await expect(page.getByText(`Equipment figures unavailable. ${reason}`)).toBeVisible();
    await expect(card(page, 'Equipment Status Overview')).toContainText(reason);
    await expect(card(page, 'Tasks Summary').locator('.dashboard-summary__item')).toHaveCount(4);
    await expect(card(page, 'System Status')).toBeVisible();
  });

  test('a new device and a new task arrive without a reload', async ({ page }) => {
    const api = await signIn(page, addStaff('Engineer', `Engineer ${marker()}`));
    await openDashboard(page);
    const total = statCard(page, 'Total Equipment').locator('.dashboard-stat__value');
    const before = (await api.dashboard()).equipment?.total ?? 0;
    await expect(total).toHaveText(count(before));
    // Gone if the page reloads.
    await page.evaluate(() => Object.assign(window, { dashboardStayed: true }));

    const tag = marker();
    const device = await api.device(tag);
    await expect(total).toHaveText(count(before + 1));
    const title = `${tag} screen flickers`;
    await api.task(device._id, title);
    await expect(card(page, 'Recent Activity').getByRole('link', { name: title })).toBeVisible();

    expect(await page.evaluate(() => 'dashboardStayed' in window)).toBe(true);
  });

  test('Generate Report opens the reports dialog, after a failed load too', async ({ page }) => {
    await signIn(page, addStaff('Technician', `Technician ${marker()}`));
    await page.route('**/remotes/reports/remoteEntry.js', (route) => route.abort('connectionrefused'));
    await openDashboard(page);
    const generate = page.getByRole('button', { name: 'Generate Report' });
    await generate.click();
    await expect(page.getByRole('alert')).toContainText('The reports module could not be loaded.');

    await page.unroute('**/remotes/reports/remoteEntry.js');
    await generate.click();
    const dialog = page.getByRole('dialog', { name: 'Generate Report' });
    await expect(dialog.getByRole('heading', { name: 'Generate Report' })).toBeVisible();
    await expect(page.getByText('The reports module could not be loaded.')).toBeHidden();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(generate).toBeFocused();
    await generate.click();
    await expect(dialog).toBeVisible();
  });
});

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

test.describe('Dashboard screenshots', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const size of WIDTHS) {
      test(`the dashboard, ${theme}, ${size.name}`, async ({ page }) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme });
        await signIn(page, addStaff('Engineer', `Ama Owusu-Ansah ${marker()}`));
        await openDashboard(page, { live: size.name === 'desktop' });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(card(page, 'System Status')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await page.screenshot({
          path: `e2e/.results/screens/dashboard-figures-${size.name}-${theme}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  }
});
