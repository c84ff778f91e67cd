import { expect, test } from '../support/fixtures';

test('the API documentation renders from the built gateway, within its content security policy', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  // The console names no address for a failed request; this does.
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  // Swagger UI draws only the operations in view once a document holds more than it lists at once;
  // the deep link scrolls to one well down the document, as a reader following a link would.
  await page.goto('/api/docs#/Equipment/changeEquipmentStatus');
  await expect(page.getByRole('heading', { name: /Caliber CMMS API/ })).toBeVisible();
  await expect(page.getByText('/api/equipment/{id}/status').first()).toBeVisible();
  expect(refused).toEqual([]);
});
