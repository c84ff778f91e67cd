import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  readsCosts,
  type DeviceAcquisition,
  type ListEntryDto,
  type Role,
  type Vendor,
} from '@caliber/contracts';
import { signInThroughApi } from '../../infra/testing/outbox';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { e2eValue } from '../support/environment';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

let counter = 0;
/** A tag no other run's departments, vendors, devices or contracts carry. */
const marker = () => `COS${Date.now().toString(36)}${++counter}`.toUpperCase();

/*
 * The figures, worked by hand. The report covers 2025 (past, and not a leap year) and the test's
 * own department, whose one device cost 50,000 to acquire and has no work recorded. Its
 * full-service contract begins on 1 Jan 2025 at 3,650 a year and covers that device alone; it
 * runs on to the end of next year, so it is in force when a fault is reported today. Its first
 * contract year is 2025, all 3,650 of which falls in the period and is the device's. Service cost
 * 3,650.00; the cost of service ratio 3,650 / 50,000 = 7.3%.
 */
const PERIOD = { from: '2025-01-01', to: '2025-12-31' } as const;
const CONTRACT_ENDS = `${new Date().getUTCFullYear() + 1}-12-31`;
const ACQUISITION_COST = 50_000;
const ANNUAL_COST = 3_650;

/** An Admin's (or anyone's) calls that set the scene, each expected to succeed. */
class CostScene extends SceneApi {
  static async as(request: APIRequestContext, role: Role): Promise<CostScene> {
    const { token } = await signInThroughApi(
      e2eValue('baseUrl'),
      addStaff(role).serviceNumber,
      e2eValue('outbox'),
    );
    return new CostScene(request, token);
  }

  /** A department of the hospital's list (Admins): the report is filtered to it alone. */
  async addDepartment(name: string): Promise<ListEntryDto> {
    const answer = await this.request.post('/api/lists', {
      headers: this.headers,
      data: { kind: 'department', name },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as ListEntryDto;
  }

  async addVendor(name: string): Promise<Vendor> {
    const answer = await this.request.post('/api/vendors', {
      headers: this.headers,
      data: { name, kinds: ['service'] },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as Vendor;
  }

  /** A pump of a model of its own (no other test's contract on a model reaches it). */
  async addPump(tag: string, department: string) {
    const answer = await this.request.post('/api/equipment', {
      headers: this.headers,
      data: {
        name: `${tag} Infusion Pump`,
        manufacturer: 'B. Braun',
        model: `Infusomat ${tag}`,
        serialNumber: `${tag}-SN`,
        department,
        location: 'Bay 1',
        installationDate: '2023-05-02',
        status: 'Serviceable',
        category: 'Other',
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as { _id: string; name: string; serialNumber: string };
  }

  /** What the device cost (Engineers and Admins record it; Managers only read it). */
  async setAcquisitionCost(equipmentId: string, acquisitionCost: number): Promise<void> {
    const answer = await this.request.put(`/api/equipment/${equipmentId}/acquisition`, {
      headers: this.headers,
      data: { acquisitionCost, purchaseDate: '2023-04-20', expectedLifeYears: 10, version: 0 },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(((await answer.json()) as DeviceAcquisition).acquisitionCost).toBe(acquisitionCost);
  }

  /** The cost of service of `department` over the period, downloaded at once as a PDF: its text. */
  async costOfServicePdf(department: string): Promise<string> {
    const answer = await this.request.post('/api/reports/generate', {
      headers: this.headers,
      data: {
        reports: ['costOfService'],
        filters: { dateFrom: PERIOD.from, dateTo: PERIOD.to, departments: [department], categories: [] },
        options: { format: 'pdf', delivery: { downloadNow: true } },
      },
      timeout: 30_000,
    });
    expect(answer.status(), answer.ok() ? '' : await answer.text()).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'caliber-cosr-')), 'report.pdf');
    writeFileSync(file, await answer.body());
    return pdfText(file);
  }
}

/** A PDF's words in the order they were drawn, one space between: a sentence may wrap. */
const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

/** The value beside a term of the contract page's facts. */
const fact = (page: Page, term: string): Locator =>
  page.locator('.ck-facts__row', { has: page.locator('dt', { hasText: term }) }).locator('dd');

const box = (scope: Locator, name: string) => scope.getByRole('checkbox', { name, exact: true });
const reportTypes = (dialog: Locator) => dialog.getByRole('group', { name: 'Report types' });

async function openGenerateDialog(page: Page): Promise<Locator> {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Report' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * The Generate dialog of a new person of `role` at phone width in the dark theme: no sideways
 * scrolling, WCAG A/AA as it stands, and a screenshot to look at. Answers the report types shown.
 */
async function dialogOnPhone(browser: Browser, role: Role, shot: string): Promise<string[]> {
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
  try {
    const page = await phone.newPage();
    await signInQuickly(page, addStaff(role));
    const dialog = await openGenerateDialog(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const types = reportTypes(dialog);
    await expect(box(types, 'Equipment status')).toBeVisible();
    await expect(box(dialog, 'Cost of service')).toHaveCount(readsCosts(role) ? 1 : 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const violations = await accessibilityViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(shot) });
    return types
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((input) => input.closest('label')?.textContent ?? ''));
  } finally {
    await phone.close();
  }
}

test.describe('Cost of service', () => {
  test('a Manager records a contract, sees its cover when reporting a fault, then downloads the cost of service of a department as a PDF with its ratio', async ({
    page,
    request,
  }) => {
    test.slow();
    const tag = marker();
    const ward = `COSR Ward ${tag}`;
    // Its own request context: nothing of the Manager's browser session goes with the Admin's calls.
    const admin = await CostScene.as(request, 'Admin');
    await admin.addDepartment(ward);
    const vendor = await admin.addVendor(`${tag} Pump Services`);
    const device = await admin.addPump(tag, ward);
    await admin.setAcquisitionCost(device._id, ACQUISITION_COST);

    // The Manager records the year's full-service contract on the device, on screen.
    await signInQuickly(page, addStaff('Manager'));
    await page.goto('/equipment/contracts/new');
    const form = page.getByRole('form', { name: 'New service contract' });
    await form.getByRole('combobox', { name: 'Vendor' }).fill(tag);
    await form.getByRole('option', { name: vendor.name }).click();
    await form.getByLabel('Contract number').fill(`${tag}-FS`);
    await form.getByLabel('First day').fill(PERIOD.from);
    await form.getByLabel('Last day').fill(CONTRACT_ENDS);
    await form.getByLabel('Annual cost').fill(String(ANNUAL_COST));
    await form.getByRole('combobox', { name: 'Devices' }).fill(device.serialNumber);
    await form
      .getByRole('option', { name: new RegExp(`^${device.name} \\(${device.serialNumber}\\)`) })
      .click();
    await page.keyboard.press('Escape');
    await expect(form.getByRole('list', { name: 'Devices named' })).toContainText(device.serialNumber);
    await form.getByRole('button', { name: 'Save contract' }).click();
    await expect(page).toHaveURL(/\/equipment\/contracts\/[0-9a-f-]{36}$/);
    await expect(fact(page, 'Annual cost')).toContainText('3,650.00');

    // Reporting a fault on the device says it is under the contract, and whom to call.
    await page.goto(`/report-issue?equipment=${device._id}`);
    const cover = page.getByRole('region', { name: 'Warranty and service contracts' });
    await expect(cover).toContainText(`Under a full service contract with ${vendor.name} until`);
    await expect(cover).toContainText(`quote contract ${tag}-FS.`);
    await expect(cover).not.toContainText('3,650');

    // Reports: Cost of service alone, over 2025, for the test's department, as a PDF now.
    const dialog = await openGenerateDialog(page);
    await expect(box(reportTypes(dialog), 'Cost of service')).toBeVisible();
    await box(dialog, 'Cost of service').check();
    await dialog.getByLabel('Start date').fill(PERIOD.from);
    await dialog.getByLabel('End date').fill(PERIOD.to);
    await box(dialog, ward).check();
    await dialog.getByLabel('Format', { exact: true }).selectOption('pdf');
    const downloadNow = dialog.getByRole('switch', { name: 'Download Now', exact: true });
    await expect(downloadNow).toHaveAttribute('aria-checked', 'true');
    // Ticked alone: no other type rides along.
    for (const checked of await reportTypes(dialog).getByRole('checkbox', { checked: true }).all())
      await expect(checked).toHaveAccessibleName('Cost of service');

    const download = page.waitForEvent('download', { timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cmms-report-\d+\.pdf$/);
    await expect(dialog.getByRole('status')).toHaveText('Report downloaded successfully.');
    const text = pdfText(await file.path());
    expect(text).toContain('Cost of service');
    expect(text).toContain('The cost of service ratio is');
    // The figures worked out above, in whatever currency the hospital has by now.
    expect(text).toContain('The cost of service ratio is 7.3%');
    expect(text).toMatch(
      /keeping 1 devices with a recorded acquisition cost of \D*50,000\.00 in service cost \D*3,650\.00/,
    );
    expect(text).toMatch(/and service contracts \D*3,650\.00\./);
    expect(text).toContain('Every device has a recorded acquisition cost.');
    expect(text).toContain('0 devices are flagged for replacement planning');
    await page.screenshot({ path: test.info().outputPath('cost-of-service-generated.png') });

    // A Technician asking the API for the same report gets the section, and no figure.
    const technician = await CostScene.as(request, 'Technician');
    const refused = await technician.costOfServicePdf(ward);
    expect(refused).toContain('Cost of service');
    expect(refused).toContain('The cost of service is for Engineers, Managers and Admins.');
    expect(refused).not.toContain('The cost of service ratio is');
    expect(refused).not.toContain('3,650');
  });

  test('at phone width in the dark theme, a Manager is offered Cost of service and a Technician is not', async ({
    browser,
  }) => {
    test.slow();
    const spec = [
      'Equipment status',
      'Task management',
      'Preventive vs corrective',
      'Staff performance',
      'Inventory and spare parts',
      'Downtime analysis',
      'Financial cost',
      'Compliance audit',
    ];
    expect(await dialogOnPhone(browser, 'Manager', 'generate-dialog-manager-dark-phone.png')).toEqual([
      ...spec,
      'Cost of service',
    ]);
    expect(await dialogOnPhone(browser, 'Technician', 'generate-dialog-technician-dark-phone.png')).toEqual(
      spec,
    );
  });
});
