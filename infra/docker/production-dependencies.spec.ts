import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * The code that runs in the server images: every service (web-server included) and the libraries
 * compiled into them. Their bundles leave packages external, and an image installs the root
 * package's `dependencies` alone (`npm ci --omit=dev`), so those must be exactly what this code
 * imports: one missing fails at start in production; one extra (a front-end package, the local
 * stack's embedded PostgreSQL) makes every image larger and gives an attacker more to work with.
 */
const SERVER_CODE = ['services', 'libs/service-kit/src', 'libs/file-kit/src', 'libs/contracts/src'];

/** Files under those folders that no image runs: development tools. */
const NOT_IN_IMAGES = new Set([
  // Lints the OpenAPI document in `npm test`; never bundled.
  'services/gateway/src/docs/lint-openapi.ts',
  // Writes (and checks) the integrators' typed client from the OpenAPI document; never bundled.
  'services/gateway/src/docs/write-client.ts',
  // Checks real answers against the OpenAPI document in the integration tests; never bundled.
  'services/gateway/src/docs/documented-answers.ts',
  // Reads label PDFs back (text, QR codes) for the label tests; never bundled.
  'services/equipment/src/labels/pdf-read-back.ts',
  // Runs a service's file worker entry from its TypeScript source (through tsx) in the tests; never bundled.
  'libs/file-kit/src/source-file-worker.ts',
  // Starts the S3-API server (s3rver) the file store's tests run against; never bundled.
  'libs/service-kit/src/testing/s3-server-process.ts',
]);

/** Packages the servers need that no file of ours names: loaded by name by another package. */
const LOADED_BY_NAME: Record<string, string> = {
  '@nestjs/platform-socket.io': "Nest's WebSocket module loads its socket.io adapter by name",
  passport: 'the strategy base @nestjs/passport and passport-jwt extend, a peer of both',
};

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return serverFiles(path);
    const file = relative(ROOT, path);
    return /\.tsx?$/.test(name) && !/\.(spec|int-spec)\.ts$/.test(name) && !NOT_IN_IMAGES.has(file)
      ? [file]
      : [];
  });
}

/** The package a bare import names: `@scope/name` or `name`, without a deeper path. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** An npm package name, with an optional path inside it. */
const PACKAGE_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*(\/[^\s'"]*)?$/;

/** Every package imported (statically, dynamically, or resolved) by server code, and where first. */
function importedPackages(): Map<string, string> {
  const found = new Map<string, string>();
  const pattern =
    /(?:from\s+|import\s*\(\s*|import\s+|require(?:\.resolve)?\(\s*|resolve\(\s*)['"]([^'"]+)['"]/g;
  for (const file of SERVER_CODE.flatMap((dir) => serverFiles(join(ROOT, dir))))
    for (const [, specifier = ''] of readFileSync(join(ROOT, file), 'utf8').matchAll(pattern)) {
      if (/^(\.|\/|node:|@caliber\/)/.test(specifier)) continue;
      // Only what can be a package's name: SQL in server code has `from '…'` too (a regular
      // expression in `substring(serial from '[0-9]+$')`), which is no import.
      if (!PACKAGE_NAME.test(specifier)) continue;
      const name = packageOf(specifier);
      if (!found.has(name)) found.set(name, file);
    }
  return found;
}

describe('the production dependencies the server images install', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const production = Object.keys(manifest.dependencies);
  const imported = importedPackages();

  it('hold every package the servers import', () => {
    expect(
      [...imported]
        .filter(([name]) => !production.includes(name))
        .map(([name, file]) => `${name} (imported by ${file})`),
    ).toEqual([]);
  });

  it('hold nothing else: front-end and local-stack packages are development dependencies', () => {
    expect(production.filter((name) => !imported.has(name) && !(name in LOADED_BY_NAME))).toEqual([]);
    for (const name of Object.keys(LOADED_BY_NAME)) expect(production).toContain(name);
  });
});
