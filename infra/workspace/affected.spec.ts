import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

function nx(args: string[]): string {
  const run = spawnSync(join(root, 'node_modules/.bin/nx'), args, {
    cwd: root,
    env: nxEnv,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`nx ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

/** The projects `nx affected` would run for a change to these files. */
function affectedBy(...files: string[]): string[] {
  return nx(['show', 'projects', '--affected', `--files=${files.join(',')}`])
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort();
}

interface GraphNode {
  type: string;
  data: { root: string; targets: Record<string, { command?: string; options?: { command?: string } }> };
}

describe('Nx runs only what a change touches', () => {
  let nodes: Record<string, GraphNode>;

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'caliber-graph-'));
    try {
      nx(['graph', `--file=${join(dir, 'graph.json')}`]);
      nodes = (
        JSON.parse(readFileSync(join(dir, 'graph.json'), 'utf8')) as {
          graph: { nodes: Record<string, GraphNode> };
        }
      ).graph.nodes;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('every project has typecheck, lint and test targets scoped to its own folder', () => {
    expect(Object.keys(nodes).length).toBeGreaterThanOrEqual(12);
    for (const [name, node] of Object.entries(nodes)) {
      for (const target of ['typecheck', 'lint', 'test']) {
        const command = node.data.targets[target]?.options?.command ?? '';
        expect({ name, target, scoped: command.includes(node.data.root) }).toEqual({
          name,
          target,
          scoped: true,
        });
      }
    }
  });

  it('a remote change touches that remote only', () => {
    expect(affectedBy('mfe-users/src/index.ts')).toEqual(['mfe-users']);
  });

  it('a service change touches the services whose tests start it, not the front ends', () => {
    const affected = affectedBy('services/identity/src/main.ts');
    expect(affected).toEqual(expect.arrayContaining(['identity', 'gateway', 'testing']));
    expect(affected).not.toContain('shell');
    expect(affected).not.toContain('mfe-equipment');
  });

  it('a contract change touches every project that imports the contracts', () => {
    const affected = affectedBy('libs/contracts/src/index.ts');
    expect(affected).toEqual(
      expect.arrayContaining(['contracts', 'equipment', 'gateway', 'shell', 'web', 'mfe-equipment']),
    );
  }, 60_000);
});
