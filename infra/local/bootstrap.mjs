// Entry of `npm start`, `npm test`, `npm run cli`, `npm run keys` and `npm run bench`. It has no dependencies because it runs
// before node_modules exists: it installs what is missing, then hands over to the TypeScript
// launcher (run by tsx) and passes signals on, so Ctrl-C stops everything cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [command = 'start', ...args] = process.argv.slice(2);
const scripts = {
  start: 'start.ts',
  test: 'test.ts',
  cli: 'cli.ts',
  keys: 'keys.ts',
  bench: '../../bench/run.ts',
};

function dependenciesInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || !existsSync(join(root, 'node_modules', '.bin', 'tsx'))) return false;
  return statSync(marker).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs;
}

if (!scripts[command]) {
  process.stderr.write(`Unknown command "${command}". Use one of: ${Object.keys(scripts).join(', ')}\n`);
  process.exit(2);
}

if (!dependenciesInstalled()) {
  // `npm install` rather than `npm ci`: the registry reachable here lacks some other platforms'
  // optional binaries, which `npm ci` demands in the lockfile; `npm install` follows the lockfile.
  process.stdout.write('Installing dependencies (npm install)…\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

// tsx as a loader in the launcher's own process, not its CLI: the CLI puts a process between this
// one and the launcher and, on Ctrl-C, kills the launcher (SIGKILL) when it does not confirm the
// signal within 30 ms, which a busy machine stopping twenty processes does not always manage;
// the launcher was then killed halfway through stopping the stack.
const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'infra', 'local', scripts[command]), ...args],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// The terminal sends Ctrl-C to the whole group; the launcher decides how to stop.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signal !== 'SIGINT') child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
