import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { STORAGE_KEYS, type Role, type UserDto } from '@caliber/contracts';
import { latestCode as codeFromOutbox, signInThroughApi } from '../../infra/testing/outbox';
import { e2eValue } from './environment';

const WORKSPACE_ROOT = join(__dirname, '..', '..');

export interface Staff {
  serviceNumber: string;
  name: string;
  role: Role;
}

let counter = 0;

/** Runs the identity roster command line against the test stack, as an administrator would. */
export function rosterCommand(args: string[]): string {
  const serviceEnv = JSON.parse(e2eValue('serviceEnv')) as Record<string, string>;
  return execFileSync(process.execPath, ['services/identity/dist/cli.js', ...args], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, ...serviceEnv, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** Puts a new person on the roster, so each test signs in without another test's cool-down. */
export function addStaff(
  role: Role,
  name = `${role} ${++counter}`,
  { preApproved = false, email }: { preApproved?: boolean; email?: string } = {},
): Staff {
  const unique = `${process.pid % 1000}${Date.now() % 100000}${++counter}`.slice(-7);
  const serviceNumber = `E2E-${unique}`;
  rosterCommand([
    'staff:add',
    '--service-number',
    serviceNumber,
    '--name',
    name,
    '--phone',
    `+1555${unique.padStart(7, '0')}`,
    '--role',
    role,
    // Approved to receive tasks, as the demo staff are.
    ...(preApproved ? ['--pre-approved'] : []),
    ...(email ? ['--email', email] : []),
  ]);
  return { serviceNumber, name, role };
}

/** The newest sign-in code sent to this service number, read from the development SMS outbox. */
export function latestCode(serviceNumber: string, notBefore = 0): Promise<string> {
  return codeFromOutbox(e2eValue('outbox'), serviceNumber, { notBefore, waitMs: 5000 });
}

/**
 * Signs in through the API and stores the session as the app does; for tests about other things.
 * `origin`: another origin serving the app (a dev server), whose storage gets the session.
 */
export async function signInQuickly(page: Page, staff: Staff, origin = ''): Promise<UserDto> {
  const { token, user } = await signInThroughApi(
    e2eValue('baseUrl'),
    staff.serviceNumber,
    e2eValue('outbox'),
  );
  await page.goto(`${origin}/login`);
  // The app must be up before the session is stored: a session check still starting would race it.
  await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  await page.evaluate(
    ([keys, session]) => {
      localStorage.setItem(keys.token, session.token);
      localStorage.setItem(keys.user, JSON.stringify(session.user));
    },
    [STORAGE_KEYS, { token, user }] as const,
  );
  return user;
}

/**
 * One browser per person (separate storage, so separate sessions), each signed in as a new person
 * of the given role, for tests of what one person's change does on another's screen.
 */
export async function inSeparateBrowsers<const R extends readonly Role[]>(
  browser: Browser,
  roles: R,
  use: (pages: { [K in keyof R]: Page }) => Promise<void>,
): Promise<void> {
  const contexts: BrowserContext[] = [];
  try {
    const pages: Page[] = [];
    for (const role of roles) {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await signInQuickly(page, addStaff(role));
      pages.push(page);
    }
    await use(pages as { [K in keyof R]: Page });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/**
 * Holds the calls to an API path until `release()`, so a test can see the busy state a screen
 * shows meanwhile, however fast or slow the machine is (no fixed delay).
 */
export async function holdCalls(page: Page, path: string): Promise<{ release(): Promise<void> }> {
  const pattern = `**/api${path}`;
  let open: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (open = resolve));
  const held: Promise<void>[] = [];
  await page.route(pattern, (route) => {
    const passed = released.then(() => route.continue());
    held.push(passed);
    return passed;
  });
  return {
    async release() {
      open();
      // Let the held calls through before removing the route, or they would be handled twice.
      await Promise.all(held);
      await page.unroute(pattern);
    },
  };
}

export const test = base.extend({
  // Playwright fixtures take their dependencies destructured; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(e2eValue('baseUrl')),
});

/** A calendar date (`YYYY-MM-DD`) as the screens write it: the browser's medium date, in UTC. */
export const shownDate = (page: Page, date: string): Promise<string> =>
  page.evaluate(
    (iso) =>
      new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
    date,
  );

export { expect };
