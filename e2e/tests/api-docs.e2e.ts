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
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Caliber CMMS API/ })).toBeVisible();
  await expect(page.getByText('/api/equipment/{id}/status').first()).toBeVisible();
  expect(refused).toEqual([]);
});
