import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitForPort } from '../../infra/local/src';
import { e2eValue } from '../support/environment';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

/**
 * The front-end development steps of docs/developing/front-end.md: with the stack running, `nx run shell:serve` serves
 * the shell with live rebuilds and sends the API, the socket, the app config and the remotes to
 * the gateway, so the whole app works from the dev server.
 */
test.describe('Front-end development', () => {
  test.setTimeout(120_000);
  let server: ChildProcess | undefined;
  let devUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    devUrl = `http://localhost:${port}`;
    server = spawn(
      join(__dirname, '..', '..', 'node_modules', '.bin', 'rspack'),
      ['serve', '-c', 'rspack.config.mjs'],
      {
        cwd: join(__dirname, '..', '..', 'shell'),
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DEV_SERVER_PORT: String(port),
          DEV_GATEWAY_URL: e2eValue('baseUrl'),
        },
        stdio: 'ignore',
      },
    );
    await waitForPort(port, 'the shell dev server', 90_000);
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('the shell dev server proxies the app config, the API and the remotes to the gateway', async ({
    page,
  }) => {
    const config = await page.request.get(`${devUrl}/app-config.json`);
    expect(config.status()).toBe(200);
    expect(await config.json()).toMatchObject({ productName: 'Caliber' });

    await page.goto(`${devUrl}/login`);
    await expect(page.getByRole('heading', { name: 'Caliber Staff Login' })).toBeVisible({ timeout: 60_000 });
    await signInQuickly(page, addStaff('Technician'), devUrl);
    await page.goto(`${devUrl}/equipment`);
    await expect(page.getByRole('heading', { name: 'Equipment Inventory' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/equipment\(s\) found/)).toBeVisible();
  });
});
