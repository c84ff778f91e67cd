import type { Download, Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  REPORT_MESSAGES,
  REPORT_TITLES,
  type ReportJobDto,
  type ReportJobListResponse,
} from '@caliber/contracts';
import { e2eValue } from '../support/environment';
import { addStaff, expect, holdCalls, signInQuickly, test, type Staff } from '../support/fixtures';

let counter = 0;
/** A word no other test's people or addresses carry. */
const marker = () => `RP${Date.now().toString(36)}${++counter}`.toLowerCase();

async function openReports(page: Page, staff: Staff): Promise<void> {
  await signInQuickly(page, staff);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // Both lists have answered (empty or not).
  await expect(page.getByText('Loading your reports…')).toBeHidden();
  await expect(page.getByText('Loading your schedules…')).toBeHidden();
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Generate Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Report' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const toggle = (dialog: Locator, name: string) => dialog.getByRole('switch', { name, exact: true });
const box = (scope: Locator, name: string) => scope.getByRole('checkbox', { name, exact: true });
const generateButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Generate', exact: true });

/** The day `daysBack` days before today (0: today) as the browser's date inputs hold it (its own time zone). */
function browserDay(page: Page, daysBack = 0): Promise<string> {
  return page.evaluate((back) => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  }, daysBack);
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** One line of the development mail outbox (the reports service writes it beside the SMS one). */
interface MailLine {
  to: string;
  subject: string;
  attachment: string;
}

async function mailsTo(address: string): Promise<MailLine[]> {
  const path = join(dirname(e2eValue('outbox')), 'mail', 'mail.jsonl');
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailLine)
    .filter((line) => line.to === address);
}

test.describe('Reports', () => {
  test('the dialog starts from the defaults, refuses with each rule in order, and downloads a PDF', async ({
    page,
  }) => {
    test.slow();
    await openReports(page, addStaff('Manager', `Manager ${marker()}`));
    await expect(page.getByText(/Reports cover equipment, tasks, compliance and performance/)).toBeVisible();
    await expect(page.getByText('PDF, Excel or Word')).toBeVisible();
    await expect(page.getByText('No reports yet')).toBeVisible();
    await expect(page.getByText('No schedules')).toBeVisible();

    const dialog = await openDialog(page);
    const today = await browserDay(page);
    // Every option, at its default; the period is the last 30 days, today included.
    for (const title of Object.values(REPORT_TITLES)) await expect(box(dialog, title)).not.toBeChecked();
    await expect(dialog.getByLabel('Start date')).toHaveValue(await browserDay(page, 29));
    await expect(dialog.getByLabel('End date')).toHaveValue(today);
    await expect(box(dialog, 'ICU')).not.toBeChecked();
    await expect(box(dialog, 'Ventilator')).not.toBeChecked();
    await expect(dialog.getByLabel('Staff', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('Format', { exact: true })).toHaveValue('pdf');
    await expect(toggle(dialog, 'Include charts')).toHaveAttribute('aria-checked', 'true');
    await expect(toggle(dialog, 'Include summary')).toHaveAttribute('aria-checked', 'true');
    for (const name of ['Interactive export', 'Trend prediction', 'Heat maps', 'Schedule'])
      await expect(toggle(dialog, name)).toHaveAttribute('aria-checked', 'false');
    await expect(dialog.getByLabel('Frequency', { exact: true })).toHaveValue('monthly');
    await expect(dialog.getByLabel('Frequency', { exact: true })).toBeDisabled();
    await expect(toggle(dialog, 'Download Now')).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('');

    // The three rules, each with its exact text, in order; nothing is sent meanwhile.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/reports/generate')) sent += 1;
    });
    const alert = dialog.getByRole('alert');
    await generateButton(dialog).click();
    await expect(alert).toHaveText(REPORT_MESSAGES.noReportType);
    await expect(alert).toHaveText('Select at least one report type.');
    await expect(box(dialog, 'Equipment status')).toBeFocused();

    await box(dialog, 'Equipment status').check();
    await dialog.getByLabel('Start date').fill('2099-01-01');
    await toggle(dialog, 'Download Now').click();
    await generateButton(dialog).click();
    await expect(alert).toHaveText('Start date cannot be after end date.');

    await dialog.getByLabel('Start date').fill(today);
    await generateButton(dialog).click();
    await expect(alert).toHaveText('Choose ‘Download Now’, or provide an email, or enable Schedule.');
    expect(sent).toBe(0);

    // Download Now: busy while the server writes, then the file under its cmms-report name.
    await toggle(dialog, 'Download Now').click();
    const held = await holdCalls(page, '/reports/generate');
    await generateButton(dialog).click();
    await expect(dialog.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await held.release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cmms-report-\d+\.pdf$/);
    expect((await bytesOf(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(dialog.getByRole('status')).toHaveText('Report downloaded successfully.');
    await expect(generateButton(dialog)).toBeEnabled();
    expect(sent).toBe(1);

    // Cancel resets the form: the next opening starts from the defaults again.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    const again = await openDialog(page);
    await expect(box(again, 'Equipment status')).not.toBeChecked();
    await expect(again.getByRole('status')).toHaveCount(0);
    await again.getByRole('button', { name: 'Close' }).click();
    await expect(again).toBeHidden();

    // The report is listed, done, and downloads again.
    const recent = page.getByRole('region', { name: 'Your recent reports' });
    const row = recent.getByRole('row', { name: /^Equipment status, / });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('PDF');
    await expect(row).toContainText('Done');
    await expect(row).toContainText(/\d+(\.\d)? (KB|MB|bytes)/);
    const second = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download again' }).click();
    expect((await second).suggestedFilename()).toMatch(/^cmms-report-\d+\.pdf$/);
  });

  test('an e-mailed, scheduled report: the message says so, its page follows it to done, the schedule is cancelled', async ({
    page,
    context,
  }) => {
    test.slow();
    const tag = marker();
    const email = `${tag}@hospital.example`;
    await openReports(page, addStaff('Engineer', `Engineer ${tag}`));

    const dialog = await openDialog(page);
    await box(dialog, 'Compliance audit').check();
    await box(dialog, 'Downtime analysis').check();
    await box(dialog, 'ICU').check();
    await dialog.getByLabel('Format', { exact: true }).selectOption('xlsx');
    await toggle(dialog, 'Schedule').click();
    await dialog.getByLabel('Frequency', { exact: true }).selectOption('weekly');
    await toggle(dialog, 'Download Now').click();
    await dialog.getByLabel('Email', { exact: true }).fill(email);

    // Not downloaded now: the answer is the report's page, opened in a new tab.
    const opened = context.waitForEvent('page', { timeout: 20_000 });
    await generateButton(dialog).click();
    await expect(dialog.getByRole('status')).toContainText(
      'Report is ready. Opened download link in a new tab. Scheduled / email delivery configured.',
    );
    const reportPage = await opened;
    await expect(reportPage).toHaveURL(/\/reports\/jobs\/[0-9a-f-]{36}$/);
    // The page follows the report to done and downloads the file by itself, once.
    const autoDownload = await reportPage.waitForEvent('download', { timeout: 45_000 });
    expect(autoDownload.suggestedFilename()).toMatch(/^cmms-report-\d+\.xlsx$/);
    expect((await bytesOf(autoDownload)).subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(reportPage.getByRole('heading', { name: 'Report', level: 1 })).toBeVisible();
    await expect(reportPage.getByText('Downtime analysis, Compliance audit')).toBeVisible();
    await expect(reportPage.getByText('Done', { exact: true })).toBeVisible();
    await expect(reportPage.getByText('The report was downloaded.')).toBeVisible();
    await expect(reportPage.getByText(email)).toBeVisible();
    const byHand = reportPage.waitForEvent('download');
    await reportPage.getByRole('button', { name: 'Download', exact: true }).click();
    expect((await byHand).suggestedFilename()).toBe(autoDownload.suggestedFilename());
    await reportPage.close();

    // E-mailed with the file attached (the development mail outbox).
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.attachment), { timeout: 20_000 })
      .toEqual([autoDownload.suggestedFilename()]);

    await dialog.getByRole('button', { name: 'Close' }).click();
    const recent = page.getByRole('region', { name: 'Your recent reports' });
    const row = recent.getByRole('row', { name: /^Downtime analysis, Compliance audit, / });
    await expect(row).toContainText('Done');
    await expect(row).toContainText(`E-mailed to ${email}`);
    await expect(row.getByRole('button', { name: 'Download again' })).toBeVisible();

    // The schedule is listed with its next run, then cancelled after a confirmation.
    const schedules = page.getByRole('region', { name: 'Your schedules' });
    const schedule = schedules.getByRole('row', { name: 'Weekly: Downtime analysis, Compliance audit' });
    await expect(schedule).toContainText('Excel');
    await expect(schedule).toContainText(email);
    await expect(schedule).toContainText('ICU');
    await expect(schedule.getByText('Not planned')).toHaveCount(0);
    await schedule.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel schedule?' });
    await expect(confirm).toContainText(`or e-mailed to ${email}`);
    await confirm.getByRole('button', { name: 'Keep schedule' }).click();
    await expect(schedule).toBeVisible();
    await schedule.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel schedule?' })
      .getByRole('button', { name: 'Cancel schedule' })
      .click();
    await expect(page.getByText('Schedule cancelled.')).toBeVisible();
    await expect(schedule).toHaveCount(0);
  });

  test("the server's message, a reply without a link, and a failure without a message", async ({ page }) => {
    await openReports(page, addStaff('Technician', `Technician ${marker()}`));
    const dialog = await openDialog(page);
    await box(dialog, 'Task management').check();
    const alert = dialog.getByRole('alert');

    // An address that is not one: refused here with the contract's (the server's) sentence.
    await dialog.getByLabel('Email', { exact: true }).fill('not an address');
    await generateButton(dialog).click();
    await expect(alert).toHaveText('email must be a valid e-mail address.');
    await dialog.getByLabel('Email', { exact: true }).fill('');

    const answer = async (status: number, body: string, contentType: string) => {
      await page.unroute('**/api/reports/generate');
      await page.route('**/api/reports/generate', (route) => route.fulfill({ status, body, contentType }));
      await generateButton(dialog).click();
    };
    await answer(
      503,
      JSON.stringify({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The report queue is not reachable.',
      }),
      'application/json',
    );
    await expect(alert).toHaveText('The report queue is not reachable.');
    await answer(202, JSON.stringify({ jobId: 'x' }), 'application/json');
    await expect(alert).toHaveText('Unexpected server response.');
    await answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(alert).toHaveText('Failed to generate report.');
    await page.unroute('**/api/reports/generate');
  });

  test('the remote exposes the dialog for the dashboard, with its styles', async ({ page }) => {
    await signInQuickly(page, addStaff('Technician', `Technician ${marker()}`));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Loaded as the dashboard would: through the shell's Module Federation runtime, by name.
    const exposed = await page.evaluate(async () => {
      interface Runtime {
        name: string;
        loadRemote(id: string): Promise<Record<string, unknown> | null>;
      }
      const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__?: Runtime[] } }).__FEDERATION__;
      const shell = federation?.__INSTANCES__?.find((instance) => instance.name === 'shell');
      const module = await shell?.loadRemote('reports/generate-report-dialog');
      const styled = [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some((rule) => rule.cssText.includes('.reports-dialog')),
      );
      return { component: typeof module?.['GenerateReportDialog'], styled };
    });
    expect(exposed).toEqual({ component: 'function', styled: true });
  });

  test("a report's page for a report that is not there says so, with Retry", async ({ page }) => {
    await signInQuickly(page, addStaff('Technician', `Technician ${marker()}`));
    await page.goto('/reports/jobs/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toContainText('No such report.');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.getByRole('link', { name: '← Back to Reports' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  });
});

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

test.describe('Reports screenshots', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const size of WIDTHS) {
      test(`/reports and the dialog, ${theme}, ${size.name}`, async ({ page }) => {
        test.slow();
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme });
        const noSidewaysScroll = async () =>
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            size.width,
          );
        const shoot = (name: string, fullPage = true) =>
          page.screenshot({
            path: `e2e/.results/screens/${name}-${size.name}-${theme}.png`,
            fullPage,
            animations: 'disabled',
          });

        await openReports(page, addStaff('Engineer', `Kwame Mensah ${marker()}`));
        // A finished report and a schedule, so the lists have rows to look at.
        const dialog = await openDialog(page);
        await box(dialog, 'Equipment status').check();
        await box(dialog, 'Compliance audit').check();
        await toggle(dialog, 'Schedule').click();
        await dialog.getByLabel('Email', { exact: true }).fill(`${marker()}@hospital.example`);
        const download = page.waitForEvent('download', { timeout: 30_000 });
        await generateButton(dialog).click();
        await download;
        await expect(dialog.getByRole('status')).toContainText('Report downloaded successfully.');
        await noSidewaysScroll();
        await shoot('reports-dialog-message', false);
        await dialog.getByRole('button', { name: 'Close' }).click();
        await expect(page.getByRole('button', { name: 'Download again' }).first()).toBeVisible();
        await expect(page.getByRole('region', { name: 'Your schedules' }).getByRole('row')).not.toHaveCount(
          0,
        );
        await noSidewaysScroll();
        await shoot('reports');

        const fresh = await openDialog(page);
        await generateButton(fresh).click();
        await expect(fresh.getByRole('alert')).toHaveText('Select at least one report type.');
        await noSidewaysScroll();
        await shoot('reports-dialog', false);
        // The footer stays in place while the body scrolls to its end.
        await fresh.locator('.ck-modal__body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
        await expect(generateButton(fresh)).toBeInViewport();
        await shoot('reports-dialog-end', false);
        await fresh.getByRole('button', { name: 'Cancel', exact: true }).click();

        await page
          .getByRole('row', { name: /^Equipment status, Compliance audit, / })
          .first()
          .getByRole('link')
          .click();
        await expect(
          page.getByText('The report is ready.').or(page.getByText('The report was downloaded.')),
        ).toBeVisible();
        await noSidewaysScroll();
        await shoot('report-job');

        // The other states, as the list and the report's page show them: the finished report
        // answered as if it were still running, failed and expired.
        const jobId = page.url().split('/').pop() ?? '';
        const states: Partial<ReportJobDto>[] = [
          { state: 'running', progress: 45, stage: 'Downtime analysis', fileSize: null },
          { state: 'queued', progress: 0, stage: null, fileSize: null },
          { state: 'failed', failure: 'The maintenance service did not answer in time.', fileSize: null },
          { state: 'expired', fileSize: null },
        ];
        await page.route(
          (url) => url.pathname === '/api/reports',
          async (route) => {
            const answer = (await (await route.fetch()).json()) as ReportJobListResponse;
            const [first] = answer.jobs;
            if (first)
              answer.jobs = [
                ...states.map((changes, index) => ({
                  ...first,
                  ...changes,
                  _id: `${first._id.slice(0, -1)}${index}`,
                })),
                ...answer.jobs,
              ];
            await route.fulfill({ json: answer });
          },
        );
        await page.route(
          (url) => url.pathname === `/api/reports/${jobId}`,
          async (route) => {
            const job = (await (await route.fetch()).json()) as ReportJobDto;
            await route.fulfill({ json: { ...job, ...states[0] } });
          },
        );
        await page.reload();
        await expect(page.getByRole('progressbar', { name: 'Report progress' })).toBeVisible();
        await expect(page.getByText('Downtime analysis', { exact: true })).toBeVisible();
        await noSidewaysScroll();
        await shoot('report-job-running');
        await page.goto('/reports');
        await expect(page.getByText('Running 45%')).toBeVisible();
        await expect(page.getByText('The maintenance service did not answer in time.')).toBeVisible();
        await noSidewaysScroll();
        await shoot('reports-states');
      });
    }
  }
});
