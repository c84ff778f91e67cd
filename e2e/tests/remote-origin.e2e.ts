import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import { freePort } from '../../infra/local/src';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { startSecondGateway, WORKSPACE } from '../support/second-gateway';

/**
 * A remote deployed on its own origin (another host or CDN): a second gateway is configured with
 * `REMOTE_ENTRY_EQUIPMENT` pointing at the equipment remote's files served from another port. The
 * content security policy must let in every kind of asset the remote serves (scripts and its
 * stylesheet), or the screen fails with "Loading css chunk … failed".
 */
test.describe('A remote on another origin', () => {
  let files: Server | undefined;
  let gateway: ChildProcess | undefined;
  let gatewayUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    const app = express();
    app.use((_request, response, next) => {
      response.setHeader('Access-Control-Allow-Origin', '*');
      next();
    });
    app.use(express.static(join(WORKSPACE, 'mfe-equipment', 'dist')));
    const filesPort = await freePort();
    files = createServer(app).listen(filesPort, '127.0.0.1');

    const second = await startSecondGateway('remote-origin', {
      REMOTE_ENTRY_EQUIPMENT: `http://127.0.0.1:${filesPort}/remoteEntry.js`,
    });
    gatewayUrl = second.url;
    gateway = second.process;
  });
  test.afterAll(() => {
    gateway?.kill('SIGTERM');
    files?.close();
  });

  test('loads with its scripts and its stylesheet', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await signInQuickly(page, addStaff('Technician'), gatewayUrl);
    await page.goto(`${gatewayUrl}/equipment`);
    await expect(page.getByRole('heading', { name: 'Equipment Inventory' })).toBeVisible();
    const grid = page.locator('.equipment-grid');
    await expect(grid).toBeVisible();
    // The remote's own stylesheet applied: its grid is laid out as a grid.
    expect(await grid.evaluate((element) => getComputedStyle(element).display)).toBe('grid');
    expect(refused.filter((text) => /Content Security Policy|css chunk/i.test(text))).toEqual([]);
  });
});
