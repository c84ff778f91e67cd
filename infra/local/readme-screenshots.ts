// Takes the README's screenshots from a running `npm start` (its demo data), in Debian's Chromium:
// the dashboard at desktop width in the light theme, and the inventory at phone width in the dark
// one, signed in as the demo Engineer. Run: `npx tsx infra/local/readme-screenshots.ts` (BASE_URL
// and DATA_DIR as `npm start` uses them; http://localhost:5000 and .data by default).
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { STORAGE_KEYS } from '@caliber/contracts';
import { smsOutboxPath } from '@caliber/service-kit';
import { signInThroughApi } from '../testing/outbox';

const BASE_URL = process.env['BASE_URL'] ?? 'http://localhost:5000';
const DATA_DIR = process.env['DATA_DIR'] ?? '.data';
const IMAGES = join(__dirname, '..', '..', 'docs', 'images');
/** The demo Engineer: sees every figure and every device. */
const ENGINEER = 'BME-1002';

type Session = Awaited<ReturnType<typeof signInThroughApi>>;

async function shoot(
  browser: Browser,
  session: Session,
  shot: {
    path: string;
    file: string;
    width: number;
    height: number;
    colorScheme: 'light' | 'dark';
    ready: string;
  },
): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    colorScheme: shot.colorScheme,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/login`);
  await page.evaluate(
    ([keys, token, user]) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, user);
    },
    [STORAGE_KEYS, session.token, JSON.stringify(session.user)] as const,
  );
  await page.goto(`${BASE_URL}${shot.path}`);
  await page.getByText(shot.ready).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
  // The figures and lists arrive after the frame: wait until nothing is loading.
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(IMAGES, shot.file) });
  await context.close();
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  // One sign-in for both: a second code within 30 s would be refused.
  const session = await signInThroughApi(BASE_URL, ENGINEER, smsOutboxPath(DATA_DIR));
  try {
    await shoot(browser, session, {
      path: '/dashboard',
      file: 'dashboard-desktop-light.png',
      width: 1280,
      height: 800,
      colorScheme: 'light',
      ready: 'System Status',
    });
    await shoot(browser, session, {
      path: '/equipment',
      file: 'equipment-phone-dark.png',
      width: 390,
      height: 844,
      colorScheme: 'dark',
      ready: 'Serviceable',
    });
  } finally {
    await browser.close();
  }
}

void main();
