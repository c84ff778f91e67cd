import type { Page } from '@playwright/test';
import { STORAGE_KEYS, type CreateEquipmentRequest, type EquipmentDto } from '@caliber/contracts';
import { expect, inSeparateBrowsers, test } from '../support/fixtures';

let counter = 0;
const marker = () => `RISK${Date.now().toString(36)}${++counter}`.toUpperCase();

/** Adds a device through the API with the signed-in person's session, as the screens would. */
async function addDevice(page: Page, name: string, category: CreateEquipmentRequest['category']) {
  const body: CreateEquipmentRequest = {
    name,
    manufacturer: 'ZOLL',
    model: 'R Series',
    serialNumber: `${name}-SN`,
    department: 'ICU',
    location: 'ICU Bay 2',
    installationDate: '2023-04-01',
    status: 'Serviceable',
    category,
  };
  const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.token);
  const answer = await page.request.post('/api/equipment', {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as EquipmentDto;
}

test.describe('Risk assessment', () => {
  test('an Engineer assesses a device, a Technician reads it, and the filters find it', async ({
    browser,
  }) => {
    await inSeparateBrowsers(browser, ['Engineer', 'Technician'] as const, async ([engineer, technician]) => {
      const tag = marker();
      const name = `${tag} Defibrillator`;
      const other = `${tag} Suction Unit`;
      await addDevice(engineer, name, 'Defibrillator');
      await addDevice(engineer, other, 'Suction');

      await engineer.goto(`/equipment?q=${tag}`);
      const card = engineer.getByRole('article', { name });
      await expect(card).toBeVisible();
      // Not assessed: no risk badge on the card.
      await expect(card.locator('.risk-badge')).toHaveCount(0);

      await card.getByRole('button', { name }).click();
      const dialog = engineer.getByRole('dialog', { name });
      const section = dialog.getByRole('region', { name: 'Risk assessment' });
      await expect(section.getByText('Not assessed yet.')).toBeVisible();
      await section.getByRole('button', { name: 'Assess Risk' }).click();

      const form = section.getByRole('form', { name: 'Risk assessment form' });
      await expect(form.getByRole('button', { name: 'Save Assessment' })).toBeDisabled();
      await expect(form.getByText('Choose a score for each factor to see the EM number.')).toBeVisible();
      await form.getByLabel('Equipment function').selectOption({ label: '10 – Life support' });
      await form
        .getByLabel('Physical risk')
        .selectOption({ label: '5 – Device failure could cause patient death' });
      await form.getByLabel('Maintenance requirements').selectOption({ label: '4 – Above average' });
      await form.getByLabel('Incident history').selectOption({ label: '0 – Typical' });
      // The outcome is previewed as the scores are chosen: 10 + 5 + 4 + 0.
      const preview = form.locator('.risk-preview');
      await expect(preview.getByTestId('risk-total')).toHaveText('19');
      await expect(preview).toContainText('Risk: High');
      await expect(preview).toContainText('Life support');
      await expect(preview).toContainText('High risk');
      await expect(preview).toContainText('In the PM program');

      // The server's refusal is shown as it words it, and the form stays open.
      await engineer.route('**/api/equipment/*/risk', (route) =>
        route.fulfill({
          status: 409,
          json: {
            statusCode: 409,
            code: 'CONFLICT',
            message: `${name} was changed by someone else since you opened it. Reload it and try again.`,
          },
        }),
      );
      await form.getByRole('button', { name: 'Save Assessment' }).click();
      await expect(form.getByRole('alert')).toHaveText(
        `${name} was changed by someone else since you opened it. Reload it and try again.`,
      );
      await engineer.unroute('**/api/equipment/*/risk');

      await form.getByRole('button', { name: 'Save Assessment' }).click();
      await expect(engineer.getByRole('status').filter({ hasText: 'Risk assessment saved.' })).toBeVisible();
      await expect(section.getByTestId('risk-total')).toHaveText('19');
      await expect(section).toContainText('10 – Life support');
      await expect(section).toContainText('4 – Above average');
      await expect(section).toContainText(/Assessed .* by Engineer/);
      await dialog.getByRole('button', { name: /close/i }).click();

      // The card carries the class and the strongest flag.
      await expect(card.locator('.risk-badge')).toHaveText(['Risk: High', 'Life support']);
      await expect(engineer.getByRole('article', { name: other }).locator('.risk-badge')).toHaveCount(0);

      // A Technician sees the assessment but has nothing to edit it with.
      await technician.goto(`/equipment?q=${tag}`);
      const technicianCard = technician.getByRole('article', { name });
      await expect(technicianCard.locator('.risk-badge')).toHaveText(['Risk: High', 'Life support']);
      await technicianCard.getByRole('button', { name }).click();
      const technicianSection = technician
        .getByRole('dialog', { name })
        .getByRole('region', { name: 'Risk assessment' });
      await expect(technicianSection.getByTestId('risk-total')).toHaveText('19');
      await expect(technicianSection).toContainText('5 – Device failure could cause patient death');
      await expect(
        technicianSection.getByText('Only Engineers and Admins may assess the risk of equipment.'),
      ).toBeVisible();
      await expect(technicianSection.getByRole('button')).toHaveCount(0);

      // The risk class filter narrows the list on the server, and lives in the address.
      await engineer.getByLabel('Risk class').selectOption({ label: 'High' });
      await expect(engineer).toHaveURL(/riskClass=High/);
      await expect(engineer.locator('.equipment-card')).toHaveCount(1);
      await expect(card).toBeVisible();
      await engineer.getByLabel('Risk class').selectOption({ label: 'Not assessed' });
      await expect(engineer).toHaveURL(/riskClass=unassessed/);
      await expect(engineer.getByRole('article', { name: other })).toBeVisible();
      await expect(engineer.locator('.equipment-card')).toHaveCount(1);
      await engineer.getByLabel('Risk class').selectOption({ label: 'Low' });
      await expect(engineer.getByText('No equipment found')).toBeVisible();

      // In the PM program (19 ≥ 12) and no PM plan on it yet.
      await engineer.getByLabel('Risk class').selectOption({ label: 'All Risk Classes' });
      // The filters live in the address, and the box shows what the address says: it turns
      // checked once the address has changed, not at the click itself.
      await expect(engineer).not.toHaveURL(/riskClass=/);
      await engineer.getByLabel('In PM program without a plan').click();
      await expect(engineer.getByLabel('In PM program without a plan')).toBeChecked();
      await expect(engineer).toHaveURL(/pmProgram=unplanned/);
      await expect(card).toBeVisible();
      await expect(engineer.locator('.equipment-card')).toHaveCount(1);
    });
  });
});
