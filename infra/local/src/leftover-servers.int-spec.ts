import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leftoverServers, takeDataFolder } from './leftover-servers';
import { freePort, portAnswers } from './ports';

const FIXTURE = join(__dirname, 'backing-servers.fixture.ts');

/**
 * The data folder of `npm start` after a launcher that was killed: its PostgreSQL, NATS and Redis
 * (real servers, started as the launcher starts them) are still running on it, and its
 * `launcher.pid` names a process that has gone. The next launcher stops them before starting its
 * own; while a launcher that still runs holds the folder, another is refused.
 */
describe('a data folder left by a launcher that was killed', () => {
  let dir = '';
  // The suite's own servers, which the launcher would use instead of starting its own.
  const SERVER_VARIABLES = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'] as const;
  const suiteServers: Partial<Record<(typeof SERVER_VARIABLES)[number], string>> = {};
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'caliber-leftover-'));
    // As root, PostgreSQL runs as the `postgres` user, who must be able to enter this folder.
    await chmod(dir, 0o755);
    for (const name of SERVER_VARIABLES) suiteServers[name] = process.env[name];
    delete process.env['DATABASE_URL'];
    delete process.env['NATS_URL'];
    delete process.env['REDIS_URL'];
  });
  afterEach(async () => {
    for (const name of SERVER_VARIABLES)
      if (suiteServers[name] !== undefined) process.env[name] = suiteServers[name];
    await rm(dir, { recursive: true, force: true });
  });

  it('stops the servers still running on it, says which, and takes the folder', async () => {
    const ports = { postgres: await freePort(), nats: await freePort(), redis: await freePort() };
    const lines: string[] = [];
    // A launcher that starts them, then is killed: it never stops them.
    const launcher = spawn(
      process.execPath,
      ['--import', 'tsx', FIXTURE, dir, String(ports.postgres), String(ports.nats), String(ports.redis)],
      { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      launcher.once('exit', (code) => reject(new Error(`the launcher ended first (${code})`)));
      launcher.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
    });
    await new Promise((resolve) => {
      launcher.once('exit', resolve);
      launcher.kill('SIGKILL');
    });
    expect(
      leftoverServers(dir)
        .map((server) => server.name)
        .sort(),
    ).toEqual(['NATS', 'PostgreSQL', 'Redis']);

    const release = await takeDataFolder(dir, (line) => lines.push(line));
    expect(leftoverServers(dir)).toEqual([]);
    for (const port of Object.values(ports)) expect(await portAnswers(port)).toBe(false);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Stopped Redis \(process \d+\), NATS \(process \d+\), PostgreSQL \(process \d+\), left running on .* by an earlier "npm start" that was killed\.$/,
      ),
    ]);
    await release();
  }, 60_000);

  it('refuses it while the launcher holding it still runs, and stops nothing of it', async () => {
    await writeFile(join(dir, 'launcher.pid'), `${process.ppid}\n`);
    await expect(takeDataFolder(dir, () => undefined)).rejects.toThrow(
      `Another "npm start" (process ${process.ppid}) is running on ${dir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  });
});
