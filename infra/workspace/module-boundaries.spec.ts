import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

interface Probe {
  /** Where the code would live: the project it belongs to decides what it may import. */
  file: string;
  code: string;
}

/**
 * Lints each probe as if it were a file of the workspace, with the workspace's own ESLint
 * configuration, and returns the boundary messages for each (project boundaries, and the router that front ends
 * take from the shared web library). ESLint runs in its own
 * process: its configuration is an ES module, which Jest's CommonJS runtime cannot load.
 */
function boundaryMessages(probes: Probe[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const probes = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const probe of probes) {
      const [result] = await eslint.lintText(probe.code, { filePath: probe.file });
      const rules = ['@nx/enforce-module-boundaries', 'no-restricted-imports'];
      out.push(result.messages.filter((m) => rules.includes(m.ruleId)).map((m) => m.message));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  // The rule reads Nx's project graph; computing it first makes the test hold on a fresh clone.
  const graph = spawnSync(join(root, 'node_modules/.bin/nx'), ['show', 'projects'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    encoding: 'utf8',
  });
  if (graph.status !== 0) throw new Error(`nx show projects failed: ${graph.stderr}`);
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[][];
}

describe('module boundaries are enforced by lint', () => {
  const probes: Probe[] = [
    // Refused.
    { file: 'shell/src/probe.ts', code: "import '../../services/gateway/src/app';\n" },
    {
      file: 'mfe-equipment/src/probe.ts',
      code: "import { bootstrapService } from '@caliber/service-kit';\nexport const x = bootstrapService;\n",
    },
    { file: 'services/equipment/src/probe.ts', code: "import '../../identity/src/roster/roster';\n" },
    { file: 'services/gateway/src/probe.int-spec.ts', code: "import '../../identity/src/roster/roster';\n" },
    {
      file: 'services/identity/src/probe.ts',
      code: "import { Page } from '@caliber/ui-kit';\nexport const x = Page;\n",
    },
    {
      file: 'libs/contracts/src/probe.ts',
      code: "import { bootstrapService } from '@caliber/service-kit';\nexport const x = bootstrapService;\n",
    },
    { file: 'libs/web/src/probe.ts', code: "import '../../../shell/src/main';\n" },
    {
      file: 'services/equipment/src/probe.ts',
      code: "import { TEST_ENV } from '@caliber/testing/stack';\nexport const x = TEST_ENV;\n",
    },
    {
      file: 'mfe-equipment/src/probe.tsx',
      code: "import { Link } from 'react-router-dom';\nexport const x = Link;\n",
    },
    // Allowed.
    {
      file: 'services/equipment/src/probe.ts',
      code: "import { DEPARTMENTS } from '@caliber/contracts';\nexport const x = DEPARTMENTS;\n",
    },
    {
      file: 'services/equipment/src/probe.int-spec.ts',
      code: "import { TEST_ENV } from '@caliber/testing/stack';\nexport const x = TEST_ENV;\n",
    },
    {
      file: 'mfe-equipment/src/probe.ts',
      code: "import { DEPARTMENTS } from '@caliber/contracts';\nexport const x = DEPARTMENTS;\n",
    },
    {
      file: 'mfe-equipment/src/probe.tsx',
      code: "import { Link } from '@caliber/web';\nexport const x = Link;\n",
    },
  ];
  /** The first probes are refused, the rest allowed. */
  const REFUSED = 9;
  let messages: string[][];

  beforeAll(() => {
    messages = boundaryMessages(probes);
  }, 120_000);

  const refused = probes.slice(0, REFUSED);
  it.each(refused.map((probe, index) => [probe.file, probe.code.split('\n')[0], index] as const))(
    '%s may not %s',
    (_file, _line, index) => {
      expect(messages[index]).toEqual([expect.any(String)]);
    },
  );

  const allowed = probes.slice(REFUSED);
  it.each(allowed.map((probe, index) => [probe.file, probe.code.split('\n')[0], index + REFUSED] as const))(
    '%s may %s',
    (_file, _line, index) => {
      expect(messages[index]).toEqual([]);
    },
  );
});
