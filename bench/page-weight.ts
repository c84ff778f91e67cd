// What a first visit costs a ward tablet: the bytes Chromium receives (compressed, headers
// included, as its network log reports them) for `/login` on an empty cache, then for
// `/equipment` after signing in. Debian's Chromium, driven by Playwright.
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { STORAGE_KEYS, type VerifyOtpResponse } from '@caliber/contracts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';

export interface PageWeight {
  path: string;
  bytes: number;
  requests: number;
  /** Bytes by kind of resource (Script, Stylesheet, Document, Fetch, …). */
  byType: Record<string, number>;
  /** The most a first visit may weigh, when there is a target. */
  budget?: number;
  /** The heaviest responses, heaviest first: where to look when the total grows. */
  heaviest: { url: string; bytes: number }[];
}

/** Counts every response's bytes on the wire from `Network.loadingFinished`. */
async function networkLog(session: CDPSession) {
  const responses = new Map<string, { type: string; url: string }>();
  const finished: { type: string; url: string; bytes: number }[] = [];
  await session.send('Network.enable');
  session.on('Network.responseReceived', (event) =>
    responses.set(event.requestId, { type: event.type, url: new URL(event.response.url).pathname }),
  );
  session.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId) ?? { type: 'Other', url: '?' };
    finished.push({ ...response, bytes: event.encodedDataLength });
  });
  return {
    take(path: string): PageWeight {
      const entries = finished.splice(0);
      const byType: Record<string, number> = {};
      for (const entry of entries) byType[entry.type] = (byType[entry.type] ?? 0) + entry.bytes;
      return {
        path,
        bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
        requests: entries.length,
        byType,
        heaviest: entries
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 5)
          .map(({ url, bytes }) => ({ url, bytes })),
      };
    },
  };
}

async function settle(page: Page, ready: () => Promise<void>): Promise<void> {
  await ready();
  await page.waitForLoadState('networkidle');
}

export async function measurePageWeight(baseUrl: string, session: VerifyOtpResponse): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const log = await networkLog(await context.newCDPSession(page));
    await page.goto('/login');
    await settle(page, () => page.getByRole('button', { name: 'Send OTP' }).waitFor());
    // A ward tablet pays for the sign-in page at every new device and every release.
    const login = { ...log.take('/login'), budget: 150 * 1024 };

    await page.evaluate(
      ([keys, token, user]) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.user, user);
      },
      [STORAGE_KEYS, session.token, JSON.stringify(session.user)] as const,
    );
    await page.goto('/equipment');
    await settle(page, () => page.locator('.equipment-card').first().waitFor());
    const equipment = log.take('/equipment (signed in, after /login)');
    return [login, equipment];
  } finally {
    await browser.close();
  }
}

export function printPageWeight(weights: PageWeight[], say: (line: string) => void): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  say('\nFirst visit, bytes received (compressed, headers included):');
  for (const weight of weights) {
    const parts = Object.entries(weight.byType)
      .sort(([, a], [, b]) => b - a)
      .map(([type, bytes]) => `${type} ${kb(bytes)}`)
      .join(', ');
    say(
      `  ${weight.path.padEnd(36)} ${kb(weight.bytes).padStart(9)} in ${weight.requests} requests (${parts})`,
    );
    if (weight.budget !== undefined)
      say(`    target under ${kb(weight.budget)}: ${weight.bytes < weight.budget ? 'met' : 'NOT MET'}`);
    say(`    heaviest: ${weight.heaviest.map(({ url, bytes }) => `${url} ${kb(bytes)}`).join(', ')}`);
  }
}
