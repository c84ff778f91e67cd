import type { Locator, Page } from '@playwright/test';
import {
  RATED_ROLES,
  STORAGE_KEYS,
  type LabourRate,
  type LabourRatePage,
  type Role,
} from '@caliber/contracts';
import { signInThroughApi } from '../../infra/testing/outbox';
import { e2eValue } from '../support/environment';
import { addStaff, expect, shownDate as shown, signInQuickly, test } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

/**
 * The test database is shared with other runs, which may have left rates behind (a run stopped
 * halfway) and may have set the currency already. So each test plans from what is there: a role
 * and a day 200 to 300 days ahead chosen at random, later than the role's latest rate (a later rate
 * must follow it), well within the 366 days a rate may start ahead, and far from today whatever
 * the hospital's time zone.
 */
const DAY = 86_400_000;
const daysAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
/** The furthest day a test's rate starts: clear of the 366-day limit in any time zone. */
const LAST_DAY_AHEAD = 330;

/** An Admin's calls that read and set the costs' scene. */
class CostsApi extends SceneApi {
  async currency(): Promise<string | null> {
    const answer = await this.request.get('/api/cost-settings', { headers: this.headers });
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { currency: string | null }).currency;
  }

  /** Sets a currency when none is: a rate may be added only once one is. */
  async ensureCurrency(): Promise<void> {
    if ((await this.currency()) !== null) return;
    const answer = await this.request.put('/api/cost-settings', {
      headers: this.headers,
      data: { currency: 'GHS' },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** The start of the role's latest rate (the page lists a role's rates newest first), or null. */
  async latestFrom(role: Role): Promise<string | null> {
    const answer = await this.request.get(`/api/labour-rates?role=${role}&limit=100`, {
      headers: this.headers,
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const page = (await answer.json()) as LabourRatePage;
    return page.rows.reduce<string | null>(
      (latest, rate) => (!latest || rate.from > latest ? rate.from : latest),
      null,
    );
  }

  /**
   * A role and a day a new rate of it may start on: 200 to 300 days ahead at random, or the day
   * after the role's latest rate when that is later; the roles are tried in a random order.
   */
  async freeDay(): Promise<{ role: Role; from: string }> {
    const roles = [...RATED_ROLES].sort(() => Math.random() - 0.5);
    const wanted = daysAhead(200 + Math.floor(Math.random() * 100));
    for (const role of roles) {
      const latest = await this.latestFrom(role);
      const from = latest && latest >= wanted ? dayAfter(latest) : wanted;
      if (from <= daysAhead(LAST_DAY_AHEAD)) return { role, from };
    }
    throw new Error('Every role has a rate starting almost a year ahead: withdraw what earlier runs left.');
  }

  async addRate(rate: { role: Role; hourlyRate: number; from: string }): Promise<LabourRate> {
    const answer = await this.request.post('/api/labour-rates', { headers: this.headers, data: rate });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as LabourRate;
  }

  /**
   * Withdraws the role's rate from `from` if it is there: a test that failed half-way must not
   * leave a rate that starts one day and then can never be withdrawn.
   */
  async withdrawIfPresent(role: Role, from: string): Promise<void> {
    const answer = await this.request.get(`/api/labour-rates?role=${role}&limit=100`, {
      headers: this.headers,
    });
    const page = (await answer.json()) as LabourRatePage;
    const left = page.rows.find((rate) => rate.from === from);
    if (left) await this.request.delete(`/api/labour-rates/${left.id}`, { headers: this.headers });
  }

  async withdraw(id: string): Promise<void> {
    const answer = await this.request.delete(`/api/labour-rates/${id}`, { headers: this.headers });
    expect(answer.status(), await answer.text()).toBe(200);
  }
}

/** The signed-in person's calls, with the token the app stored. */
async function apiOf(page: Page): Promise<CostsApi> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return new CostsApi(page.request, token ?? '');
}

/** A card of the screen by its heading. */
const cardOf = (page: Page, heading: string): Locator =>
  page.locator('.ck-card', { has: page.getByRole('heading', { name: heading, exact: true }) });

/** No screen scrolls sideways at phone width. */
async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('Labour rates at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

  test('an Admin sets the currency if none is, adds a rate for a day ahead, sees it and withdraws it, in both themes', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Admin'));
    const api = await apiOf(page);
    const { role, from } = await api.freeDay();
    const amount = `${100 + Math.floor(Math.random() * 800)}.50`;

    await page.goto('/users');
    await page.getByRole('link', { name: 'Labour rates' }).click();
    await expect(page).toHaveURL(/\/users\/labour-rates$/);
    await expect(page.getByRole('heading', { name: 'Labour rates', level: 1 })).toBeVisible();

    // Another run may have set the currency already: it is kept as it is.
    const currency = cardOf(page, 'Currency');
    const setButton = currency.getByRole('button', { name: 'Set currency' });
    const changeButton = currency.getByRole('button', { name: 'Change currency' });
    await expect(setButton.or(changeButton)).toBeVisible();
    if (await setButton.isVisible()) {
      await expect(currency.getByText('Not set yet')).toBeVisible();
      await currency.getByLabel('Currency', { exact: true }).selectOption('GHS');
      await setButton.click();
      await expect(changeButton).toBeVisible();
    }
    await expect(currency.getByText(/converts nothing/)).toBeVisible();

    const form = cardOf(page, 'Add a rate');
    await expect(form.getByRole('button', { name: 'Add rate' })).toBeEnabled();
    await form.getByLabel('Role', { exact: true }).selectOption(role);
    await form.getByLabel('Hourly rate', { exact: true }).fill(amount);
    await form.getByLabel('From', { exact: true }).fill(from);
    await form.getByRole('button', { name: 'Add rate' }).click();
    try {
      await expect(form.getByLabel('Hourly rate', { exact: true })).toHaveValue('');

      // The role's rates alone, so the new one (its latest, listed first) is on the first page.
      await page.getByLabel('Show the rates of', { exact: true }).selectOption(role);
      await expect(page).toHaveURL(new RegExp(`[?&]role=${role}(&|$)`));
      const name = `${role}, from ${await shown(page, from)}`;
      const row = page.getByRole('row', { name, exact: true });
      await expect(row).toContainText(amount);
      await expect(row).toContainText('Latest');
      await expect(row).toContainText('Not started');
      await expectNoSideways(page);
      await page.screenshot({ path: test.info().outputPath('labour-rates-light.png'), fullPage: true });

      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(row).toContainText(amount);
      await expectNoSideways(page);
      await page.screenshot({ path: test.info().outputPath('labour-rates-dark.png'), fullPage: true });

      await row.getByRole('button', { name: `Withdraw ${name}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw rate?' });
      await expect(dialog).toContainText('has not started');
      await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(0);
    } finally {
      await api.withdrawIfPresent(role, from);
    }
  });

  test('an Engineer reads the rates from User Management and is offered no form and no Withdraw', async ({
    page,
    request,
  }) => {
    // An Admin (signed in through the API) adds a rate ahead, one an Admin could still withdraw.
    const admin = addStaff('Admin');
    const { token } = await signInThroughApi(e2eValue('baseUrl'), admin.serviceNumber, e2eValue('outbox'));
    // Its own request context: nothing of the Engineer's browser session goes with the Admin's calls.
    const api = new CostsApi(request, token);
    await api.ensureCurrency();
    const planned = await api.freeDay();
    const rate = await api.addRate({ ...planned, hourlyRate: 123.45 });
    try {
      await signInQuickly(page, addStaff('Engineer'));
      await page.goto('/users');
      await page.getByRole('link', { name: 'Labour rates' }).click();
      await expect(page).toHaveURL(/\/users\/labour-rates$/);
      await expect(page.getByRole('heading', { name: 'Labour rates', level: 1 })).toBeVisible();
      await expect(cardOf(page, 'In force today')).toBeVisible();
      await expect(cardOf(page, 'Currency').getByRole('definition')).toHaveText(/^[A-Z]{3} – /);

      await page.getByLabel('Show the rates of', { exact: true }).selectOption(rate.role);
      const row = page.getByRole('row', {
        name: `${rate.role}, from ${await shown(page, rate.from)}`,
        exact: true,
      });
      await expect(row).toContainText('123.45');
      await expect(row).toContainText('Not started');
      await expect(row.getByRole('button')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Add a rate' })).toHaveCount(0);
      await expect(page.getByLabel('Currency', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /currency/i })).toHaveCount(0);
      await expectNoSideways(page);
    } finally {
      await api.withdraw(rate.id);
    }
  });

  test('a Manager reaches the rates from the side navigation; a Technician has no entry and is sent to the dashboard', async ({
    page,
    browser,
  }) => {
    await signInQuickly(page, addStaff('Manager'));
    await page.goto('/dashboard');
    // At phone width the navigation is a drawer.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Labour rates' }).click();
    await expect(page).toHaveURL(/\/users\/labour-rates$/);
    await expect(page.getByRole('heading', { name: 'Labour rates', level: 1 })).toBeVisible();
    await expect(cardOf(page, 'In force today')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add a rate' })).toHaveCount(0);
    // A Manager does not manage the roster, so the screen offers no way back to it.
    await expect(page.getByRole('link', { name: 'Back to User Management' })).toHaveCount(0);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const technicianPage = await context.newPage();
      await signInQuickly(technicianPage, addStaff('Technician'));
      await technicianPage.goto('/dashboard');
      await technicianPage.getByRole('button', { name: 'Open navigation' }).click();
      await expect(technicianPage.getByRole('navigation').getByRole('link', { name: 'Tasks' })).toBeVisible();
      await expect(
        technicianPage.getByRole('navigation').getByRole('link', { name: 'Labour rates' }),
      ).toHaveCount(0);
      await technicianPage.goto('/users/labour-rates');
      await expect(technicianPage).toHaveURL(/\/dashboard$/);
    } finally {
      await context.close();
    }
  });
});
