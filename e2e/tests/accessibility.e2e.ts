import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@caliber/contracts';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

/**
 * Each main screen, with the demo data the stack starts with, passes axe-core's WCAG 2 A and AA
 * rules (colour contrast among them) in the light theme and in the dark one: every badge, priority,
 * state and card the data brings is on the screen when it is checked.
 */
interface Screen {
  path: string;
  /** Sets what the screen shows beyond the demo data, as the signed-in person. */
  prepare?(api: ReportsApi): Promise<void>;
  /** Waits until the screen shows its data, so the check sees what a person sees. */
  ready(page: Page): Promise<void>;
}

/** The person's own report, so the Reports screen lists one with its state. */
class ReportsApi extends SceneApi {
  async report(): Promise<void> {
    const today = new Date().toISOString().slice(0, 10);
    const answer = await this.request.post('/api/reports/generate', {
      headers: this.headers,
      data: {
        reports: ['equipmentStatus'],
        filters: { dateFrom: today, dateTo: today },
        options: { format: 'xlsx', delivery: { downloadNow: true } },
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
}

const SCREENS: readonly Screen[] = [
  {
    path: '/dashboard',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'System Status' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem').first(),
      ).toBeVisible();
    },
  },
  {
    path: '/equipment',
    ready: async (page) => {
      await expect(page.getByText(/equipment\(s\) found/)).toBeVisible();
      await expect(page.locator('.equipment-card__open').first()).toBeVisible();
    },
  },
  {
    path: '/maintenance',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Maintenance Management' })).toBeVisible();
      for (const panel of [/^Preventive Maintenance/, /^Maintenance History/])
        await expect(page.getByRole('region', { name: panel }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByText(/^PM compliance,/)).toBeVisible();
    },
  },
  {
    path: '/tasks',
    ready: async (page) => {
      await expect(page.getByText(/task\(s\) found/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Work Details' }).first()).toBeVisible();
    },
  },
  {
    path: '/users',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'BME-1001' })).toBeVisible();
    },
  },
  {
    path: '/reports',
    prepare: (api) => api.report(),
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your recent reports' }).getByRole('row')).toHaveCount(2);
      await expect(
        page.getByRole('region', { name: 'Your schedules' }).getByRole('row').nth(1),
      ).toBeVisible();
    },
  },
  {
    path: '/audit',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
      await expect(page.locator('.audit-table tbody tr').first()).toBeVisible();
    },
  },
  {
    path: '/settings',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
    },
  },
  {
    path: '/settings/lists',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Hospital lists', level: 1 })).toBeVisible();
      await expect(page.getByText('Formerly Radiology')).toBeVisible();
    },
  },
];

/** Signs in a new Engineer (every screen is open to them) in `theme`, and answers their API. */
async function signIn(page: Page, theme: 'light' | 'dark'): Promise<ReportsApi> {
  await page.emulateMedia({ colorScheme: theme });
  await signInQuickly(page, addStaff('Engineer', undefined, { preApproved: true }));
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return new ReportsApi(page.request, token ?? '');
}

async function expectNoViolations(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('.ck-loading')).toHaveCount(0);
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`Accessibility, ${theme} theme`, () => {
    for (const screen of SCREENS) {
      test(`${screen.path} passes the WCAG 2 A and AA rules`, async ({ page }) => {
        const api = await signIn(page, theme);
        await screen.prepare?.(api);
        await page.goto(screen.path);
        await screen.ready(page);
        await expectNoViolations(page, theme);
      });
    }

    test('the Generate Report dialog passes the WCAG 2 A and AA rules', async ({ page }) => {
      await signIn(page, theme);
      await page.goto('/reports');
      await page.getByRole('button', { name: 'Generate Report', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate Report' });
      await expect(dialog.getByLabel('Format', { exact: true })).toBeVisible();
      await expectNoViolations(page, theme);
    });
  });
}
