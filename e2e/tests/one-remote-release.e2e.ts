import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { binary } from '../../infra/local/src';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { serveRemoteFiles, startSecondGateway, WORKSPACE } from '../support/second-gateway';

const NEXT = join(WORKSPACE, '.tmp', 'mfe-equipment-next');
const CHANGED_SUBTITLE = 'Every device the department looks after, in the next release.';

/**
 * One remote ships alone. A new build of the equipment remote, with a visible change, is made in
 * a place of its own and served by the server its image runs (`services/web-server`, under
 * `/remotes/equipment`); a gateway is pointed at it by configuration only (`REMOTE_ENTRY_EQUIPMENT`,
 * as a changed ConfigMap would), with the shell and the other remotes as they were built. The
 * inventory shows the change; the task screens, still their old build, work as before; the
 * deployment that was not reconfigured still shows the old inventory.
 */
test.describe('One remote released alone', () => {
  const children: ChildProcess[] = [];
  let gatewayUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // The next release: the remote's source as it is, with the one visible change, built apart.
    rmSync(NEXT, { recursive: true, force: true });
    mkdirSync(NEXT, { recursive: true });
    cpSync(join(WORKSPACE, 'mfe-equipment', 'src'), join(NEXT, 'src'), { recursive: true });
    const page = join(NEXT, 'src', 'pages', 'EquipmentInventoryPage.tsx');
    const source = readFileSync(page, 'utf8');
    const changed = source.replace('Every device the department looks after.', CHANGED_SUBTITLE);
    expect(changed).not.toBe(source);
    writeFileSync(page, changed);
    writeFileSync(
      join(NEXT, 'rspack.config.mjs'),
      readFileSync(join(WORKSPACE, 'mfe-equipment', 'rspack.config.mjs'), 'utf8').replace(
        '../infra/build/',
        '../../infra/build/',
      ),
    );
    const built = spawnSync(binary('rspack'), ['build', '-c', join(NEXT, 'rspack.config.mjs')], {
      cwd: WORKSPACE,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(built.status, built.stderr || built.stdout).toBe(0);

    // Served as its image serves it.
    const files = await serveRemoteFiles('equipment', join(NEXT, 'dist'));
    children.push(files.process);

    // A gateway whose configuration names the new entry; everything else as deployed.
    const gateway = await startSecondGateway('one-remote', {
      REMOTE_ENTRY_EQUIPMENT: `${files.origin}/remotes/equipment/remoteEntry.js`,
    });
    gatewayUrl = gateway.url;
    children.push(gateway.process);
  });
  test.afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
    rmSync(NEXT, { recursive: true, force: true });
  });

  test('the new build shows where it is configured, and nothing else changed', async ({ page, baseURL }) => {
    await signInQuickly(page, addStaff('Technician'), gatewayUrl);
    await page.goto(`${gatewayUrl}/equipment`);
    await expect(page.getByRole('heading', { name: 'Equipment Inventory' })).toBeVisible();
    await expect(page.getByText(CHANGED_SUBTITLE)).toBeVisible();
    await expect(page.locator('.equipment-grid')).toBeVisible();

    // The task screens are the old build, from the same deployment, and work as before.
    await page.goto(`${gatewayUrl}/tasks`);
    await expect(page.getByRole('heading', { name: 'Task Management', exact: true })).toBeVisible();

    // The deployment not reconfigured still runs the inventory it had.
    await signInQuickly(page, addStaff('Technician'), baseURL ?? '');
    await page.goto(`${baseURL ?? ''}/equipment`);
    await expect(page.getByText('Every device the department looks after.')).toBeVisible();
    await expect(page.getByText(CHANGED_SUBTITLE)).toHaveCount(0);
  });
});
