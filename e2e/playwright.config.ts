import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the whole stack, started
 * by the global set-up the way `npm start` starts it, on its own ports with its own data.
 * One worker: the machine has two cores and the stack runs beside the browser.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.e2e.ts',
  outputDir: './.results/artifacts',
  // Approved screenshots (tests/visual.e2e.ts) are kept in the repository, one per screen, size and
  // theme; anti-aliasing may differ by a few pixels between runs, never a layout.
  snapshotPathTemplate: '{testDir}/../visual-baselines/{arg}{ext}',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002 } },
  reporter: [['list'], ['json', { outputFile: './.results/report.json' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
