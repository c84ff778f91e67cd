// `npm test`: everything CI checks, in order: types, lint, formatting, the OpenAPI and Markdown link checks, the builds, unit tests,
// component tests (React in jsdom, the API answered by MSW), integration tests against real PostgreSQL, NATS and Redis, then browser tests against the whole
// stack. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary, buildAll, ensureCommands, runStep } from './src';

interface JestSummary {
  testResults: {
    name: string;
    /** Why a suite could not run (empty when it ran). */
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
  numPassedTests: number;
  numFailedTests: number;
  /** Suites that could not run (a failing hook, a syntax error): their tests are not counted. */
  numRuntimeErrorTestSuites: number;
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
      return {
        // Jest wrote no results (it crashed, or could not start): the summary names the run.
        testResults: [
          {
            name: `jest --selectProjects ${project}`,
            message: 'no results were written',
            assertionResults: [],
          },
        ],
        numPassedTests: 0,
        numFailedTests: 1,
        numRuntimeErrorTestSuites: 0,
        numPendingTests: 0,
        success: false,
      };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface PlaywrightSuite {
  title: string;
  file: string;
  specs: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/** The first line of what a failure said, without colours, short enough for one summary line. */
function firstLine(message: string | undefined): string {
  const line =
    (message ?? '')
      // eslint-disable-next-line no-control-regex -- the colour codes Jest writes into its messages
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((text) => text.trim())
      // Jest heads a suite that could not run with "● Test suite failed to run": the cause follows.
      .find((text) => text !== '' && !text.startsWith('●')) ?? '';
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

/** A failure's name, and under it the first line of why when there is one. */
function withWhy(name: string, message: string | undefined): string {
  const why = firstLine(message);
  return why === '' ? name : `${name}\n    ${why}`;
}

/**
 * What failed, a line each, for the summary, with the first line of why: a CI log is often read
 * from its tail only, and the failure itself may be thousands of lines above it.
 */
function jestFailures(summary: JestSummary): string[] {
  const repo = process.cwd() + '/';
  return summary.testResults.flatMap((file) => {
    const path = file.name.replace(repo, '');
    const failed = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => withWhy(`${path} › ${test.fullName}`, test.failureMessages[0]));
    return failed.length === 0 && file.message !== ''
      ? [withWhy(`${path} (the suite could not run)`, file.message)]
      : failed;
  });
}

function playwrightFailures(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...suite.specs.flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) =>
          withWhy(
            `${suite.file}:${spec.line} › ${spec.title} (${test.projectName}, ${test.status})`,
            test.results.find((result) => result.error)?.error?.message,
          ),
        ),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

/**
 * A Playwright run: the browser tests (Debian's Chromium against the whole stack), or the fault
 * tests (the stack's parts crashed under load), each with its config and JSON report.
 */
function playwright(config: string, report: string): { passed: number; failed: number; failures: string[] } {
  rmSync(report, { force: true });
  const result = spawnSync(binary('playwright'), ['test', '-c', config], {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '1' },
  });
  try {
    const { stats, suites } = JSON.parse(readFileSync(report, 'utf8')) as PlaywrightReport;
    const failed = stats.unexpected + stats.flaky;
    const failures = playwrightFailures(suites);
    // A failure outside any test (the global set-up, say) still fails the run.
    return result.status !== 0 && failed === 0
      ? { passed: stats.expected, failed: 1, failures: [...failures, `${config} (outside any test)`] }
      : { passed: stats.expected, failed, failures };
  } catch {
    return { passed: 0, failed: 1, failures: [`${config} (no report was written)`] };
  }
}

function main(): number {
  ensureCommands([
    { command: 'nats-server', aptPackage: 'nats-server', alternative: 'install it by hand' },
    { command: 'redis-server', aptPackage: 'redis-server', alternative: 'install it by hand' },
    { command: 'chromium', aptPackage: 'chromium', alternative: 'install Chromium and set CHROMIUM_PATH' },
    // The Kubernetes manifests are rendered and checked offline (kubectl 1.27 or newer: kustomize v5).
    { command: 'kubectl', aptPackage: 'kubectl', alternative: 'install kubectl 1.27 or newer' },
    // The asset-label tests read their PDFs back (text, pages as images) with poppler-utils.
    { command: 'pdftoppm', aptPackage: 'poppler-utils', alternative: 'install poppler-utils' },
    { command: 'pdftotext', aptPackage: 'poppler-utils', alternative: 'install poppler-utils' },
    // The backup test (infra/testing/backup-restore.int-spec.ts) dumps with the machine's pg_dump
    // against a throwaway server of the same major (pg_dump cannot read a newer server, such as the
    // embedded 18): Debian's default client and server packages are of one major. It reports to
    // Redis with redis-cli, as infra/backup/backup.sh does.
    {
      command: 'pg_dump',
      aptPackage: 'postgresql-client',
      alternative: 'install the PostgreSQL client tools',
    },
    {
      command: 'pg_restore',
      aptPackage: 'postgresql-client',
      alternative: 'install the PostgreSQL client tools',
    },
    {
      command: 'pg_ctlcluster',
      aptPackage: 'postgresql',
      alternative: "install the PostgreSQL server of pg_dump's major version",
    },
    { command: 'redis-cli', aptPackage: 'redis-tools', alternative: 'install redis-tools' },
  ]);
  // One Nx process at a time on two cores; no background daemon left behind by a test run.
  process.env['NX_DAEMON'] ??= 'false';
  process.env['NX_NO_CLOUD'] ??= 'true';
  const checks: [string, string, string[]][] = [
    // The module-boundary lint rule reads Nx's project graph and skips itself without one.
    ['Project graph', binary('nx'), ['show', 'projects']],
    ['Type check', binary('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
    ['Lint', binary('eslint'), ['.', '--max-warnings=0']],
    ['Formatting', binary('prettier'), ['--check', '.', '--log-level=warn']],
    ['OpenAPI lint (Redocly recommended)', binary('tsx'), ['services/gateway/src/docs/lint-openapi.ts']],
    // The integrators' typed client is generated from the OpenAPI document: it must be what the
    // document makes now (the type check above compiles the integration test that uses it).
    ['Typed API client up to date', binary('tsx'), ['services/gateway/src/docs/write-client.ts', '--check']],
    // Every relative link and heading anchor of every Markdown file outside what Git ignores
    // (node_modules, builds, results), offline; any warning fails; no file is rewritten.
    // Settings and why: .remarkrc.mjs.
    [
      'Markdown links',
      binary('remark'),
      ['.', '--ignore-path', '.gitignore', '--quiet', '--frail', '--no-stdout'],
    ],
  ];
  for (const [name, command, args] of checks) {
    say(`\n▶ ${name}`);
    runStep(name, command, args);
  }
  say('\n▶ Build');
  buildAll();

  say('\n▶ Unit tests');
  const unit = jest('unit', []);
  say('\n▶ Component tests (React in jsdom, the API answered by MSW)');
  const component = jest('component', []);
  say('\n▶ Integration tests (real PostgreSQL, NATS, Redis)');
  // --forceExit: on a clean clone the integration run's Jest stayed alive after its last test and
  // its teardown (every server stopped, no child left but esbuild's reaped-late service): a handle
  // of a file worker thread started from TypeScript source, not yet found. The results are written
  // before Jest exits, so forcing the exit loses none; finding the handle is an open item.
  const integration = jest('integration', ['--runInBand', '--forceExit']);

  // The fault and browser tests run the production build. The integration tests start `npm start`
  // as a developer does (NODE_ENV=development), whose build writes development bundles to the
  // same folders; building again restores the production ones from Nx's cache in seconds.
  say('\n▶ Build (again: the production bundles the browser tests run)');
  buildAll();

  say('\n▶ Fault tests (each part of the stack crashed under a steady write load)');
  const faults = playwright(
    'infra/testing/faults/playwright.config.ts',
    join('infra', 'testing', 'faults', '.results', 'report.json'),
  );

  say('\n▶ Browser tests (Playwright, Debian Chromium, the whole stack)');
  const browser = playwright('e2e/playwright.config.ts', join('e2e', '.results', 'report.json'));

  const passed =
    unit.numPassedTests +
    component.numPassedTests +
    integration.numPassedTests +
    faults.passed +
    browser.passed;
  const failed =
    unit.numFailedTests +
    unit.numRuntimeErrorTestSuites +
    component.numFailedTests +
    component.numRuntimeErrorTestSuites +
    integration.numFailedTests +
    integration.numRuntimeErrorTestSuites +
    faults.failed +
    browser.failed;
  const ok = unit.success && component.success && integration.success && failed === 0;
  say('');
  const suites: [string, number, number][] = [
    ['unit', unit.numPassedTests, unit.numFailedTests + unit.numRuntimeErrorTestSuites],
    ['component', component.numPassedTests, component.numFailedTests + component.numRuntimeErrorTestSuites],
    [
      'integration',
      integration.numPassedTests,
      integration.numFailedTests + integration.numRuntimeErrorTestSuites,
    ],
    ['faults', faults.passed, faults.failed],
    ['browser', browser.passed, browser.failed],
  ];
  for (const [name, suitePassed, suiteFailed] of suites) {
    say(`${name}: ${suitePassed} passed, ${suiteFailed} failed`);
  }
  const failures = [
    ...jestFailures(unit),
    ...jestFailures(component),
    ...jestFailures(integration),
    ...faults.failures,
    ...browser.failures,
  ];
  for (const failure of failures) say(`✕ ${failure}`);
  say(`\ntests: ${passed} passed, ${failed} failed`);
  return ok ? 0 : 1;
}

try {
  process.exit(main());
} catch (error) {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
