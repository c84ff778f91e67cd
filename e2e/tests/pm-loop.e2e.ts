import type { BrowserContext, Page } from '@playwright/test';
import { occurrenceDueDate, STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, shownDate as shown, signInQuickly, test } from '../support/fixtures';

const marker = () => `P${Date.now().toString(36)}`.toUpperCase();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/**
 * The PM loop end to end, in two browsers: an Engineer schedules a monthly PM for a
 * defibrillator from the Maintenance page and sees its first occurrence in the Preventive
 * Maintenance panel; assigns it to a Technician, who completes it; the Engineer certifies; the
 * next occurrence appears in the panel, due a month after the first.
 */
test('a monthly PM plan: scheduled, done, certified, and the next one a month later', async ({ browser }) => {
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
    const created = await engineerPage.request.post('/api/equipment', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `${tag} HeartStart XL+`,
        manufacturer: 'Philips',
        model: 'HeartStart XL+',
        serialNumber: `${tag}-SN`,
        department: 'ICU',
        location: 'Resuscitation trolley 1',
        installationDate: '2022-03-01',
        status: 'Serviceable',
        category: 'Defibrillator',
      },
    });
    expect(created.status()).toBe(201);

    // The Engineer schedules a monthly PM from the Maintenance page.
    await engineerPage.goto('/maintenance');
    await engineerPage.getByRole('button', { name: 'Schedule Preventive' }).click();
    const modal = engineerPage.getByRole('dialog', { name: 'Schedule Preventive Maintenance' });
    const title = `${tag} energy delivery test`;
    const firstDue = inDays(3);
    await modal.getByLabel('Title').fill(title);
    await modal
      .getByLabel('Description')
      .fill('Discharge into the analyser at 200 J; check pads and battery.');
    const combobox = modal.getByRole('combobox', { name: 'Equipment' });
    await combobox.fill(tag);
    await expect(modal.getByRole('option', { name: new RegExp(`${tag}-SN`) })).toHaveCount(1);
    await combobox.press('ArrowDown');
    await combobox.press('Enter');
    await modal.getByLabel('PM Type').selectOption('Safety Testing');
    await expect(modal.getByLabel('Interval')).toHaveValue('Monthly');
    await modal.getByLabel('Due Date').fill(firstDue);
    await modal.getByRole('button', { name: 'Schedule' }).click();
    await expect(modal).toBeHidden();

    const panel = engineerPage.getByRole('region', { name: /^Preventive Maintenance/ });
    await engineerPage.getByRole('searchbox', { name: 'Search' }).fill(tag);
    const first = panel.getByRole('listitem', { name: title });
    await expect(first).toHaveCount(1);
    await expect(first).toContainText(await shown(engineerPage, firstDue));
    await expect(first).toContainText('Monthly');

    // Assigned to the Technician, who completes it.
    await engineerPage.goto(`/tasks?q=${tag}`);
    const engineerCard = engineerPage.getByRole('article', { name: title });
    await engineerCard.getByLabel('Assignee').selectOption({ label: technician.name });
    await expect(engineerCard).toContainText(technician.name);
    await technicianPage.goto('/tasks');
    const card = technicianPage.getByRole('article', { name: title });
    await card.getByLabel('Status').selectOption('In Progress');
    await expect(card.locator('.task-card__status')).toContainText('In Progress');
    await card.getByLabel('Status').selectOption('Completed');
    await expect(card.locator('.task-card__status')).toContainText('Awaiting Certification');

    // The Engineer certifies; the next occurrence is due a month after the first.
    await expect(engineerCard.locator('.task-card__status')).toContainText('Awaiting Certification');
    await engineerCard.getByRole('button', { name: 'Certify' }).click();
    await expect(engineerPage.getByText('Task certified. Equipment updated.')).toBeVisible();

    await engineerPage.goto('/maintenance');
    await engineerPage.getByRole('searchbox', { name: 'Search' }).fill(tag);
    const next = panel.getByRole('listitem', { name: title });
    await expect(next).toHaveCount(1);
    await expect(next).toContainText(await shown(engineerPage, occurrenceDueDate(firstDue, 'Monthly', 1)));
    const history = engineerPage.getByRole('region', { name: /^Maintenance History/ });
    await expect(history.getByRole('listitem', { name: title })).toHaveCount(1);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
