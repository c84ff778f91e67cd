// Three projects: `unit` (no servers), `integration` (real PostgreSQL, NATS and Redis started by
// the global set-up on free ports, with their own temporary data) and `component` (React
// components in jsdom with Testing Library, the API answered by MSW: `*.ctest.tsx` beside the code).
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
      // Rewrites @caliber/* imports to files, also in the global set-up (which bypasses moduleNameMapper).
      baseUrl: __dirname,
      paths: {
        '@caliber/contracts': ['libs/contracts/src/index.ts'],
        '@caliber/service-kit': ['libs/service-kit/src/index.ts'],
        '@caliber/service-kit/telemetry': ['libs/service-kit/src/telemetry/start.ts'],
        '@caliber/file-kit': ['libs/file-kit/src/index.ts'],
        '@caliber/file-kit/worker': ['libs/file-kit/src/worker.ts'],
        '@caliber/file-kit/testing': ['libs/file-kit/src/testing.ts'],
        '@caliber/local-stack': ['infra/local/src/index.ts'],
        '@caliber/testing/*': ['infra/testing/*'],
      },
    },
    module: { type: 'commonjs' },
  },
];

/**
 * Packages that ship only ES modules and that server code and its tests import (jose, and
 * openid-client with its oauth4webapi; file-type with the tokenizers and helpers it imports):
 * compiled to CommonJS for Jest like our own code.
 */
const ESM_PACKAGES = [
  'jose',
  'openid-client',
  'oauth4webapi',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer/inflate',
  'uint8array-extras',
  '@borewit/text-codec',
];
const swcEsm = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } },
];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc,
    [`[\\\\/]node_modules[\\\\/](${ESM_PACKAGES.join('|')})[\\\\/].+\\.js$`]: swcEsm,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  moduleNameMapper: {
    '^@caliber/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@caliber/service-kit$': '<rootDir>/libs/service-kit/src/index.ts',
    '^@caliber/service-kit/telemetry$': '<rootDir>/libs/service-kit/src/telemetry/start.ts',
    '^@caliber/file-kit$': '<rootDir>/libs/file-kit/src/index.ts',
    '^@caliber/file-kit/(worker|testing)$': '<rootDir>/libs/file-kit/src/$1.ts',
    '^@caliber/local-stack$': '<rootDir>/infra/local/src/index.ts',
    '^@caliber/testing/(.*)$': '<rootDir>/infra/testing/$1',
    // Test people and files, for the front end's unit tests too (their fixtures use them).
    '^@caliber/web-testing/(.*)$': '<rootDir>/libs/web-testing/src/$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** The front end's TSX, as the browser builds compile it (React's automatic runtime). */
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  // Read from the root: Jest ignores a project's own testTimeout.
  testTimeout: 30000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services,infra,shell,mfe-*}/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,services,infra}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/infra/testing/global-setup.ts',
      globalTeardown: '<rootDir>/infra/testing/global-teardown.ts',
      testTimeout: 30000,
    },
    {
      rootDir: __dirname,
      displayName: 'component',
      // jsdom with Node's fetch, streams and AbortController (MSW answers through them), and
      // packages resolved as in Node rather than their browser builds.
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/{libs,shell,mfe-*}/**/*.ctest.tsx'],
      // TanStack Table 9 ships only ES modules: they are compiled for Jest like the app's code.
      transform: {
        '^.+\\.tsx?$': swcTsx,
        '[\\\\/]node_modules[\\\\/]@tanstack[\\\\/](react-table|table-core)[\\\\/].+\\.js$': swcTsx,
      },
      transformIgnorePatterns: ['/node_modules/(?!@tanstack/(react-table|table-core)/)'],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '^@caliber/ui-kit$': '<rootDir>/libs/ui-kit/src/index.ts',
        '^@caliber/web$': '<rootDir>/libs/web/src/index.ts',
        '^@caliber/web-forms$': '<rootDir>/libs/web-forms/src/index.ts',
        '^@caliber/ui-widgets$': '<rootDir>/libs/ui-widgets/src/index.ts',
        '^@caliber/web-testing/(.*)$': '<rootDir>/libs/web-testing/src/$1',
        // Styles do nothing in jsdom.
        '\\.css$': '<rootDir>/libs/web-testing/src/style.js',
      },
      setupFilesAfterEnv: ['<rootDir>/libs/web-testing/src/setup.ts'],
      testPathIgnorePatterns: shared.testPathIgnorePatterns,
    },
  ],
};
