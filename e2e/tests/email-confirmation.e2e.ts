import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { latestConfirmationLink } from '../../infra/testing/outbox';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { e2eValue } from '../support/environment';

/** The newest confirmation link mailed to `address`, read from the development mail outbox. */
function linkMailedTo(address: string, notBefore: number): Promise<string> {
  const outbox = join(dirname(e2eValue('outbox')), 'mail', 'mail.jsonl');
  return latestConfirmationLink(outbox, address, { notBefore, waitMs: 10_000 });
}

/**
 * The page as it looks in both themes, at a desktop and at a phone's width, for review: the theme
 * is switched as the app switches it (the attribute on <html>), so what the page shows stays.
 */
async function screenshots(page: Page, name: string): Promise<void> {
  const setTheme = (theme: string) =>
    page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
  const before = await page.evaluate(() => document.documentElement.getAttribute('data-theme') ?? 'light');
  for (const [theme, width] of [
    ['light', 1280],
    ['dark', 390],
  ] as const) {
    await setTheme(theme);
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `/tmp/${name}-${width}-${theme}.png`, animations: 'disabled' });
  }
  await setTheme(before);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('E-mail confirmation', () => {
  test('a new address is mailed a link; opened on another device, signed out, it comes into force', async ({
    page,
    browser,
  }) => {
    const address = `efua.${Date.now().toString(36)}@clinic.example`;
    await signInQuickly(page, addStaff('Technician', 'Efua Mensah'));
    await page.goto('/settings');
    const profile = page.getByRole('region', { name: 'Profile' });
    const sentAt = Date.now() - 1000;
    await profile.getByLabel('Email').fill(address);
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(profile).toContainText(
      `A confirmation link was sent to ${address}. Until you open it (it works for 24 hours), your address stays empty.`,
    );
    await expect(profile.getByRole('button', { name: 'Send again' })).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Cancel change' })).toBeVisible();
    await profile.scrollIntoViewIfNeeded();
    await screenshots(page, 'settings-profile-pending');

    // The mail's link, opened where nobody is signed in (a phone's mail app, say).
    const link = await linkMailedTo(address, sentAt);
    expect(link).toMatch(/\/confirm-email\?token=[A-Za-z0-9_-]{43}$/);
    const elsewhere = await browser.newContext();
    try {
      const phone = await elsewhere.newPage();
      await phone.goto(new URL(link).pathname + new URL(link).search, { waitUntil: 'load' });
      await expect(phone.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
      await screenshots(phone, 'confirm-email-ready');
      await phone.getByRole('button', { name: 'Confirm' }).click();
      await expect(phone.getByRole('status')).toHaveText(
        `Your e-mail address is now ${address}. Reports you ask for may be e-mailed to it.`,
      );
      await screenshots(phone, 'confirm-email-done');
      await expect(phone.getByRole('link', { name: 'Sign in' })).toBeVisible();
    } finally {
      await elsewhere.close();
    }

    // Back where the person is signed in: the new address is in force, with nothing waiting.
    await page.reload();
    await expect(profile.getByLabel('Email')).toHaveValue(address);
    await expect(profile).not.toContainText('A confirmation link was sent');
    await expect(profile.getByRole('button', { name: 'Send again' })).toBeHidden();
  });

  test('a link used already, and one cut short, say so and what to do', async ({ page }) => {
    const address = `kojo.${Date.now().toString(36)}@clinic.example`;
    await signInQuickly(page, addStaff('Technician', 'Kojo Appiah'));
    await page.goto('/settings');
    const profile = page.getByRole('region', { name: 'Profile' });
    const sentAt = Date.now() - 1000;
    await profile.getByLabel('Email').fill(address);
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile).toContainText(`A confirmation link was sent to ${address}.`);
    const link = new URL(await linkMailedTo(address, sentAt));

    // Opened where the person is signed in: confirmed, and the way on is Settings.
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status')).toContainText(`Your e-mail address is now ${address}.`);
    await page.getByRole('link', { name: 'Go to Settings' }).click();
    await expect(profile.getByLabel('Email')).toHaveValue(address);
    await expect(profile).not.toContainText('A confirmation link was sent');

    // The same link again: used.
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This confirmation link has been used already: the address it confirmed is in force. Nothing more to do.',
    );
    await screenshots(page, 'confirm-email-used');

    // A link cut short in the mail client: incomplete, said before anything is asked.
    await page.goto(`${link.pathname}?token=${link.searchParams.get('token')?.slice(0, 20) ?? ''}`);
    await expect(page.getByRole('alert')).toHaveText(
      'This confirmation link is incomplete. Open the whole link from the e-mail, or copy all of it into the address bar.',
    );
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeHidden();
  });
});
