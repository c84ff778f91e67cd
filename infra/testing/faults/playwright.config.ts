import { defineConfig } from '@playwright/test';

/**
 * The fault tests: the whole stack from built bundles with its own PostgreSQL, NATS and Redis,
 * each part crashed under load in turn. Playwright's runner runs them (no browser) because it
 * loads the launcher's ES-module dependencies, which Jest's sandbox cannot.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.fault-test.ts',
  outputDir: './.results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: './.results/report.json' }]],
});
