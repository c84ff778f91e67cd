import { addStaff, expect, holdCalls, latestCode, rosterCommand, test } from '../support/fixtures';

test.describe('Login', () => {
  test('the sign-in page downloads only what signing in needs', async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Each script's source map names the files it was built from.
    const sources: string[] = [];
    for (const url of scripts) {
      const map = await request.get(`${url}.map`);
      expect(map.ok(), `${url}.map`).toBe(true);
      sources.push(...((await map.json()) as { sources: string[] }).sources);
    }
    expect(sources.some((source) => source.includes('/react-dom/'))).toBe(true);
    // Not the form validation library, the live-update socket client, the server-state and form
    // libraries of the screens behind sign-in (with the layout that holds the QueryClient), the
    // screens behind sign-in, or the parts of the router the front ends do not use (its cookie helpers).
    const later = [
      '/node_modules/zod/',
      '/node_modules/@tanstack/',
      '/node_modules/react-hook-form/',
      '/node_modules/@hookform/',
      '/libs/web-forms/',
      '/node_modules/socket.io-client/',
      '/node_modules/cookie/',
      '/shell/src/layout/',
      '/shell/src/settings/',
      '/shell/src/dashboard/',
    ];
    expect(sources.filter((source) => later.some((part) => source.includes(part)))).toEqual([]);
  });

  test('two steps with busy labels; a wrong code is refused; the right one lands on the dashboard', async ({
    page,
  }) => {
    const staff = addStaff('Technician', 'Adwoa Sarpong');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Caliber Staff Login' })).toBeVisible();

    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('alert')).toHaveText('Error: Service number is required.');

    const requesting = await holdCalls(page, '/auth/request-otp');
    const since = Date.now() - 1000;
    await page.getByLabel('Service Number').fill(staff.serviceNumber.toLowerCase());
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('button', { name: 'Sending OTP...' })).toBeDisabled();
    await requesting.release();

    const otp = page.getByLabel('OTP');
    await expect(otp).toHaveAttribute('placeholder', 'Enter 6-digit OTP');
    await expect(otp).toHaveAttribute('maxlength', '6');
    await expect(page.getByRole('status').filter({ hasText: 'code was sent' })).toBeVisible();
    const code = await latestCode(staff.serviceNumber, since);

    const wrong = code === '000000' ? '111111' : '000000';
    await otp.fill(wrong);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByRole('alert')).toContainText(/^Error: .*code/i);

    const verifying = await holdCalls(page, '/auth/verify-otp');
    await otp.fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    await verifying.release();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner')).toContainText('Adwoa Sarpong');
    await expect(page.getByRole('banner')).toContainText('Technician');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('an unknown service number shows the server message; Change Service Number goes back', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Service Number').fill('NOBODY-404');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('alert')).toContainText('Error: ');
    await expect(page.getByRole('alert')).toContainText('NOBODY-404');

    const staff = addStaff('Engineer');
    await page.getByLabel('Service Number').fill(staff.serviceNumber);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByLabel('OTP')).toBeVisible();
    await page.getByRole('button', { name: 'Change Service Number' }).click();
    await expect(page.getByLabel('Service Number')).toHaveValue(staff.serviceNumber);
    await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  });

  test('an empty submit marks the missing field invalid and puts focus on it', async ({ page }) => {
    await page.goto('/login');
    const serviceNumber = page.getByLabel('Service Number');
    await page.getByRole('button', { name: 'Send OTP' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Error: Service number is required.');
    await expect(serviceNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(serviceNumber).toBeFocused();
    await serviceNumber.fill('BME-1');
    await expect(serviceNumber).not.toHaveAttribute('aria-invalid');
  });

  test('a deactivated person is told so and cannot receive a code', async ({ page }) => {
    const staff = addStaff('Technician');
    rosterCommand(['staff:deactivate', '--service-number', staff.serviceNumber]);
    await page.goto('/login');
    await page.getByLabel('Service Number').fill(staff.serviceNumber);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('alert')).toContainText(/^Error: .*(deactivated|inactive)/i);
  });

  test('returns to the originally requested route, replacing the sign-in page in history', async ({
    page,
  }) => {
    const staff = addStaff('Engineer');
    await page.goto('/settings?tab=profile');
    await expect(page).toHaveURL(/\/login$/);

    const since = Date.now() - 1000;
    await page.getByLabel('Service Number').fill(staff.serviceNumber);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('OTP').fill(await latestCode(staff.serviceNumber, since));
    await page.getByRole('button', { name: 'Verify OTP' }).click();

    await expect(page).toHaveURL(/\/settings\?tab=profile$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login/);
  });
});

test.describe('Register', () => {
  test('says who may register, uses Get Started, and lands on the dashboard', async ({ page }) => {
    const staff = addStaff('Technician', 'Yaw Ntim');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Caliber Staff Registration' })).toBeVisible();
    await expect(
      page.getByText(
        'Registration is restricted to pre-approved hospital staff only. An OTP will be sent to your registered phone number for verification.',
      ),
    ).toBeVisible();

    const requesting = await holdCalls(page, '/auth/request-otp');
    const since = Date.now() - 1000;
    await page.getByLabel('Service Number').fill(staff.serviceNumber);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('button', { name: 'Sending OTP...' })).toBeDisabled();
    await requesting.release();
    await page.getByLabel('OTP').fill(await latestCode(staff.serviceNumber, since));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner')).toContainText('Yaw Ntim');
  });

  test('links back to Login', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('link', { name: 'Already have an account? Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
