// `npm test`: everything CI checks, in order: types, lint, formatting, the builds, unit tests,
// then integration tests against real PostgreSQL, NATS and Redis. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary, buildAll, ensureCommands, runStep } from './src';

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  success: boolean;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

function jest(project: string, extra: string[]): JestSummary {
  const dir = mkdtempSync(join(tmpdir(), 'caliber-jest-'));
  const output = join(dir, 'result.json');
  try {
    spawnSync(
      binary('jest'),
      ['--selectProjects', project, '--json', `--outputFile=${output}`, '--ci', ...extra],
      {
        stdio: 'inherit',
        env: { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '1' },
      },
    );
    try {
      return JSON.parse(readFileSync(output, 'utf8')) as JestSummary;
    } catch {
      return { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, success: false };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): number {
  ensureCommands([
    { command: 'nats-server', aptPackage: 'nats-server', alternative: 'install it by hand' },
    { command: 'redis-server', aptPackage: 'redis-server', alternative: 'install it by hand' },
  ]);
  const checks: [string, string, string[]][] = [
    ['Type check', binary('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
    ['Lint', binary('eslint'), ['.', '--max-warnings=0']],
    ['Formatting', binary('prettier'), ['--check', '.', '--log-level=warn']],
  ];
  for (const [name, command, args] of checks) {
    say(`\n▶ ${name}`);
    runStep(name, command, args);
  }
  say('\n▶ Build');
  buildAll();

  say('\n▶ Unit tests');
  const unit = jest('unit', []);
  say('\n▶ Integration tests (real PostgreSQL, NATS, Redis)');
  const integration = jest('integration', ['--runInBand']);

  const passed = unit.numPassedTests + integration.numPassedTests;
  const failed = unit.numFailedTests + integration.numFailedTests;
  const ok = unit.success && integration.success && failed === 0;
  say(`\ntests: ${passed} passed, ${failed} failed`);
  return ok ? 0 : 1;
}

try {
  process.exit(main());
} catch (error) {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
