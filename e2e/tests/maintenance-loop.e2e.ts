import type { BrowserContext, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

const marker = () => `L${Date.now().toString(36)}`.toUpperCase();

/**
 * The maintenance loop end to end, in two browsers: a Technician reports a fault on a
 * ventilator; the Engineer's inventory shows it Unserviceable live; the Engineer assigns the task
 * to the Technician; the Technician starts it, records work with two spare parts and completes
 * it; both windows show 'Awaiting Certification'; the Engineer certifies; the ventilator is
 * Serviceable again and its history names the task.
 */
test('a reported fault goes from report to certified repair, and the inventory follows', async ({
  browser,
}) => {
  // Two browsers and many round trips each, on a two-core machine shared with the whole stack.
  test.slow();
  const contexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()];
  try {
    const [engineerPage, technicianPage] = (await Promise.all(
      contexts.map((context) => context.newPage()),
    )) as [Page, Page];
    const tag = marker();
    const engineer = addStaff('Engineer', `Engineer ${tag}`, { preApproved: true });
    const technician = addStaff('Technician', `Technician ${tag}`, { preApproved: true });
    await signInQuickly(engineerPage, engineer);
    await signInQuickly(technicianPage, technician);

    const token = await engineerPage.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const name = `${tag} Evita V500`;
    const created = await engineerPage.request.post('/api/equipment', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name,
        manufacturer: 'Dräger',
        model: 'Evita V500',
        serialNumber: `${tag}-SN`,
        department: 'ICU',
        location: 'ICU Bed 2',
        installationDate: '2021-06-01',
        status: 'Serviceable',
        category: 'Ventilator',
      },
    });
    expect(created.status()).toBe(201);

    await engineerPage.goto(`/equipment?q=${tag}`);
    const device = engineerPage.getByRole('article', { name });
    await expect(device.locator('.ck-badge')).toHaveText('Serviceable');
    await expect(engineerPage.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();

    // The Technician reports the fault.
    await technicianPage.goto('/report-issue');
    const report = technicianPage.getByRole('form', { name: 'Report Equipment Issue' });
    await expect(report.getByLabel('Reported By')).toHaveValue(technician.name);
    const combobox = report.getByRole('combobox', { name: 'Equipment' });
    await combobox.fill(tag);
    await expect(report.getByRole('option', { name: new RegExp(tag) })).toHaveCount(1);
    await combobox.press('ArrowDown');
    await combobox.press('Enter');
    const title = `${tag} high-pressure alarm fails`;
    await report.getByLabel('Title').fill(title);
    await report
      .getByLabel('Description')
      .fill('The high-pressure alarm does not sound during the self-test.');
    await report.getByLabel('Severity').selectOption('Critical');
    await report.getByRole('button', { name: 'Report Issue' }).click();
    await expect(
      technicianPage.getByRole('status').filter({ hasText: 'Issue reported successfully!' }),
    ).toBeVisible();
    // The reporter lands on the faults they reported, and follows this one there.
    await expect(technicianPage).toHaveURL(/\/tasks\?show=reported$/);
    await expect(technicianPage.getByRole('article', { name: title })).toContainText('Reported by you');

    // The Engineer's inventory shows the ventilator out of use without a reload.
    await expect(device.locator('.ck-badge')).toHaveText('Unserviceable');

    // The Engineer assigns the reported task to the Technician.
    await engineerPage.goto(`/tasks?q=${tag}`);
    const engineerCard = engineerPage.getByRole('article', { name: title });
    await expect(engineerCard).toContainText('Unassigned');
    await expect(engineerCard).toContainText('Urgent');
    await engineerCard.getByLabel('Assignee').selectOption({ label: technician.name });
    await expect(engineerPage.getByText('Task assigned successfully!')).toBeVisible();
    await expect(engineerCard).toContainText(technician.name);

    // The Technician starts it, records the work with two spare parts, and completes it.
    await technicianPage.goto('/tasks');
    const card = technicianPage.getByRole('article', { name: title });
    await card.getByLabel('Status').selectOption('In Progress');
    await expect(technicianPage.getByText('Task status submitted.')).toBeVisible();
    await expect(card.locator('.task-card__status')).toContainText('In Progress');
    await card.getByRole('button', { name: 'Work Details' }).click();
    const work = technicianPage.getByRole('dialog', { name: `Work details: ${title}` });
    await work.getByLabel('Fault Description').fill('Alarm speaker open circuit.');
    await work
      .getByLabel('Repair Details')
      .fill('Replaced the alarm speaker and its fuse; self-test passed.');
    await work.getByLabel('Spare Parts Used').fill('Alarm speaker x 1 - Dräger 8417780\nFuse x 2 - T 1 A');
    await expect(work.getByRole('region', { name: 'Spare parts preview' }).locator('tbody tr')).toHaveCount(
      2,
    );
    await work.getByRole('button', { name: 'Save Work Details' }).click();
    await expect(technicianPage.getByText('Work details saved')).toBeVisible();
    await card.getByLabel('Status').selectOption('Completed');
    await expect(card.locator('.task-card__status')).toContainText('Awaiting Certification');
    await expect(engineerCard.locator('.task-card__status')).toContainText('Awaiting Certification');

    // The Engineer certifies; the inventory follows.
    await engineerCard.getByRole('button', { name: 'Certify' }).click();
    await expect(engineerPage.getByText('Task certified. Equipment updated.')).toBeVisible();
    await expect(engineerCard.locator('.task-card__status')).toContainText(`Certified by ${engineer.name}`);
    await expect(card.locator('.task-card__status')).toContainText(`Certified by ${engineer.name}`);

    await engineerPage.goto(`/equipment?q=${tag}`);
    await expect(device.locator('.ck-badge')).toHaveText('Serviceable');
    await device.getByRole('button', { name }).click();
    const details = engineerPage.getByRole('dialog', { name });
    await expect(details.getByText(`Work certified: ${title}`)).toBeVisible();
    await expect(details.getByText(`Fault reported: ${title}`)).toBeVisible();
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
