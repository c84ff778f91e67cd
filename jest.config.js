// Two projects: `unit` (no servers) and `integration` (real PostgreSQL, NATS and Redis started by
// the global set-up on free ports, with their own temporary data).
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
        '@caliber/local-stack': ['infra/local/src/index.ts'],
        '@caliber/testing/*': ['infra/testing/*'],
      },
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@caliber/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@caliber/service-kit$': '<rootDir>/libs/service-kit/src/index.ts',
    '^@caliber/service-kit/telemetry$': '<rootDir>/libs/service-kit/src/telemetry/start.ts',
    '^@caliber/local-stack$': '<rootDir>/infra/local/src/index.ts',
    '^@caliber/testing/(.*)$': '<rootDir>/infra/testing/$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

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
  ],
};
