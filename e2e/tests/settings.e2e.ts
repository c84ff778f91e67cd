import { STORAGE_KEYS } from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';

test.describe('Settings', () => {
  test('profile, notifications and report defaults are saved on the server and survive a reload', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician', 'Efua Mensah'));
    await page.goto('/settings');
    for (const title of [
      'Profile',
      'Notifications',
      'Preferences',
      'Appearance',
      'Reports Defaults',
      'Real-time & Security',
      'Danger Zone',
    ]) {
      await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();
    }

    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Name').fill('Efua K. Mensah');
    await profile.getByLabel('Email').fill('efua.mensah@example.org');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByRole('status')).toHaveText('Saved.');
    await expect(page.getByRole('banner')).toContainText('Efua K. Mensah');

    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByRole('switch', { name: 'Task updates' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(notifications.getByRole('switch', { name: 'Weekly digest' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await notifications.getByRole('switch', { name: 'Task updates' }).click();
    await notifications.getByRole('switch', { name: 'Weekly digest' }).click();
    await notifications.getByRole('button', { name: 'Save' }).click();
    await expect(notifications.getByRole('status')).toHaveText('Saved.');

    const reports = page.getByRole('region', { name: 'Reports Defaults' });
    await expect(reports.getByLabel('Default format').locator('option')).toHaveText(['PDF', 'Excel', 'Word']);
    await reports.getByRole('switch', { name: 'Include charts' }).click();
    await reports.getByLabel('Default format').selectOption({ label: 'Excel' });
    await reports.getByRole('button', { name: 'Save' }).click();
    await expect(reports.getByRole('status')).toHaveText('Saved.');

    await page.reload();
    await expect(profile.getByLabel('Name')).toHaveValue('Efua K. Mensah');
    await expect(profile.getByLabel('Email')).toHaveValue('efua.mensah@example.org');
    await expect(notifications.getByRole('switch', { name: 'Task updates' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(notifications.getByRole('switch', { name: 'Weekly digest' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(reports.getByRole('switch', { name: 'Include charts' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(reports.getByLabel('Default format')).toHaveValue('xlsx');
  });

  test('Word saved as the default format is where the Generate Report dialog starts, before and after a reload', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/settings');
    const reports = page.getByRole('region', { name: 'Reports Defaults' });
    await expect(reports.getByLabel('Default format')).toHaveValue('pdf');
    await reports.getByLabel('Default format').selectOption({ label: 'Word' });
    await reports.getByRole('switch', { name: 'Include summary' }).click();
    await reports.getByRole('button', { name: 'Save' }).click();
    await expect(reports.getByRole('status')).toHaveText('Saved.');

    const dialogFormat = async () => {
      await page.getByRole('button', { name: 'Generate Report', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate Report' });
      await expect(dialog.getByLabel('Format', { exact: true })).toHaveValue('docx');
      await expect(dialog.getByRole('switch', { name: 'Include summary', exact: true })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      await expect(dialog.getByRole('switch', { name: 'Include charts', exact: true })).toHaveAttribute(
        'aria-checked',
        'true',
      );
    };
    // In the same session (the saved user replaces the signed-in one), then after a reload (/auth/me).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await dialogFormat();
    await page.reload();
    await dialogFormat();
    await page.goto('/settings');
    await expect(
      page.getByRole('region', { name: 'Reports Defaults' }).getByLabel('Default format'),
    ).toHaveValue('docx');
  });

  test("a refused profile save shows the contract's message under the field", async ({ page }) => {
    await signInQuickly(page, addStaff('Technician'));
    await page.goto('/settings');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Email').fill('not-an-address');
    await profile.getByRole('button', { name: 'Save' }).click();
    // The contract the server checks is checked before sending: the message is the server's own.
    await expect(profile.getByText('Email must be a valid e-mail address.')).toBeVisible();
    await expect(profile.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(profile.getByLabel('Email')).toBeFocused();
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', 390],
    ] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: 844 });
      await profile.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `/tmp/settings-profile-refused-${width}-${theme}.png`,
        animations: 'disabled',
      });
    }
  });

  test('device preferences are stored locally with their defaults, and Reset Preferences clears them', async ({
    page,
  }) => {
    await signInQuickly(page, addStaff('Engineer'));
    await page.goto('/settings');
    const preferences = page.getByRole('region', { name: 'Preferences' });
    const itemsPerPage = preferences.getByLabel('Items per page');
    await expect(itemsPerPage).toHaveValue('8');
    expect(await itemsPerPage.locator('option').allTextContents()).toEqual(['8', '12', '20', '50']);
    await expect(preferences.getByRole('switch', { name: 'Compact mode' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await itemsPerPage.selectOption('20');
    await preferences.getByRole('switch', { name: 'Compact mode' }).click();
    await preferences.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-compact', '');

    const realTime = page.getByRole('region', { name: 'Real-time & Security' });
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
    await realTime.getByRole('switch', { name: 'Live updates' }).click();
    await realTime.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeHidden();

    const stored = await page.evaluate(
      (keys) =>
        [keys.itemsPerPage, keys.compactMode, keys.liveUpdates].map((key) => localStorage.getItem(key)),
      STORAGE_KEYS,
    );
    expect(stored).toEqual(['20', '1', '0']);
    await page.reload();
    await expect(preferences.getByLabel('Items per page')).toHaveValue('20');

    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Reset Preferences' }).click();
    expect(question).toBe('Reset all my preferences to defaults?');
    await expect(preferences.getByLabel('Items per page')).toHaveValue('20');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Reset Preferences' }).click();
    await page.waitForLoadState('load');
    await expect(preferences.getByLabel('Items per page')).toHaveValue('8');
    await expect(page.locator('html')).not.toHaveAttribute('data-compact');
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).not.toBeNull();
  });
});
