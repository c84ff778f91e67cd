import type { MeResponse } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { rosterStaff, signIn, useSignInStack } from '@caliber/testing/stack';

describe('Settings saves: profile, notifications, report defaults (real servers)', () => {
  const stack = useSignInStack('settings');

  async function signedIn(overrides: Parameters<typeof rosterStaff>[1] = {}) {
    const staff = await rosterStaff(stack.db, overrides);
    const token = await signIn(stack.gateway.url, staff.serviceNumber);
    const put = <T = Record<string, unknown>>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'PUT', `/api${path}`, { body, token });
    const me = () => call<MeResponse>(stack.gateway.url, 'GET', '/api/auth/me', { token });
    return { staff, token, put, me };
  }

  async function auditActions(userId: string): Promise<{ action: string; changes: object }[]> {
    return stack.db.query(
      `SELECT "action", "changes" FROM "identity"."audit_log" WHERE "entity_id" = $1 ORDER BY "id"`,
      [userId],
    );
  }

  it('saves the profile, answers the updated user, and /auth/me returns it afterwards', async () => {
    const { staff, put, me } = await signedIn({ name: 'Ama Owusu', email: null });
    const saved = await put<MeResponse>('/users/me', {
      name: '  Ama K. Owusu ',
      email: 'ama.owusu@example.org',
    });
    expect(saved.status).toBe(200);
    // A new address waits for its confirmation (services/identity/src/email): the name is in force.
    const expected = { name: 'Ama K. Owusu', email: null, pendingEmail: 'ama.owusu@example.org' };
    expect(saved.body.user).toMatchObject(expected);
    expect((await me()).body.user).toMatchObject(expected);

    const audit = await auditActions(staff.id);
    expect(audit.at(-1)).toEqual({
      action: 'profile-updated',
      changes: {
        name: { from: 'Ama Owusu', to: 'Ama K. Owusu' },
        pendingEmail: { from: null, to: 'ama.owusu@example.org' },
      },
    });
  });

  it('clears the e-mail when it is sent empty, and writes no audit row when nothing changed', async () => {
    const { staff, put } = await signedIn({ name: 'Yaw Mensah', email: 'yaw@example.org' });
    expect(
      (await put<MeResponse>('/users/me', { name: 'Yaw Mensah', email: '' })).body.user.email,
    ).toBeNull();
    const rows = (await auditActions(staff.id)).length;
    expect((await put('/users/me', { name: 'Yaw Mensah', email: '' })).status).toBe(200);
    expect(await auditActions(staff.id)).toHaveLength(rows);
  });

  it('refuses a bad profile with 400 and a message, and changes nothing', async () => {
    const { put, me } = await signedIn({ name: 'Esi Boateng' });
    const cases: [unknown, string][] = [
      [{ name: 'E', email: '' }, 'Name must have at least 2 characters.'],
      [{ name: 'Esi Boateng', email: 'not-an-address' }, 'Email must be a valid e-mail address.'],
      [{ name: 'Esi Boateng', email: '', role: 'Admin' }, 'Only name and email may be sent.'],
    ];
    for (const [body, message] of cases) {
      const answer = await put('/users/me', body);
      expect(answer.status).toBe(400);
      expect(answer.body['message']).toContain(message);
    }
    expect((await me()).body.user.name).toBe('Esi Boateng');
  });

  it('refuses an e-mail address that belongs to someone else with 409', async () => {
    await rosterStaff(stack.db, { email: 'shared.desk@example.org' });
    const { put } = await signedIn();
    const answer = await put('/users/me', { name: 'Kwame Asante', email: 'Shared.Desk@example.org' });
    expect(answer.status).toBe(409);
    expect(answer.body['message']).toBe('The e-mail address Shared.Desk@example.org is already in use.');
  });

  it('saves notification settings and report defaults, which /auth/me then returns', async () => {
    const { staff, put, me } = await signedIn();
    const before = (await me()).body.user;
    expect(before.notifications).toEqual({ taskUpdates: true, inventory: true, weeklyDigest: false });
    expect(before.reportDefaults).toEqual({ includeCharts: true, includeSummary: true, format: 'pdf' });

    const notifications = { taskUpdates: false, inventory: true, weeklyDigest: true };
    expect((await put('/settings/notifications', notifications)).status).toBe(200);
    const reportDefaults = { includeCharts: false, includeSummary: true, format: 'xlsx' };
    expect((await put('/settings/reports', reportDefaults)).status).toBe(200);

    const after = (await me()).body.user;
    expect(after.notifications).toEqual(notifications);
    expect(after.reportDefaults).toEqual(reportDefaults);
    expect((await auditActions(staff.id)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['notifications-updated', 'report-defaults-updated']),
    );
  });

  it('takes each format the Generate Report dialog makes as the default: PDF, Excel and Word', async () => {
    const { staff, put, me } = await signedIn();
    for (const format of ['docx', 'xlsx', 'pdf'] as const) {
      const reportDefaults = { includeCharts: true, includeSummary: false, format };
      const saved = await put<MeResponse>('/settings/reports', reportDefaults);
      expect(saved.status).toBe(200);
      expect(saved.body.user.reportDefaults).toEqual(reportDefaults);
      expect((await me()).body.user.reportDefaults).toEqual(reportDefaults);
    }
    const audit = await auditActions(staff.id);
    expect(audit.find((row) => row.action === 'report-defaults-updated')).toEqual({
      action: 'report-defaults-updated',
      changes: {
        reportDefaults: {
          from: { includeCharts: true, includeSummary: true, format: 'pdf' },
          to: { includeCharts: true, includeSummary: false, format: 'docx' },
        },
      },
    });
  });

  it('writes neither an update nor an audit row when a settings card is saved unchanged', async () => {
    const { staff, put, me } = await signedIn({ name: 'Akua Nyarko', email: 'akua@example.org' });
    const saves: [string, Record<string, unknown>][] = [
      ['/users/me', { name: 'Akua Nyarko', email: 'akua@example.org' }],
      // Keys in another order than PostgreSQL's jsonb gives them back: still the same settings.
      ['/settings/notifications', { weeklyDigest: false, taskUpdates: true, inventory: true }],
      ['/settings/reports', { format: 'pdf', includeSummary: true, includeCharts: true }],
      ['/settings/appearance', { theme: null }],
    ];
    const before = (await me()).body.user;
    const rows = (await auditActions(staff.id)).length;
    for (const [path, body] of saves) expect((await put(path, body)).status).toBe(200);
    expect(await auditActions(staff.id)).toHaveLength(rows);
    const after = (await me()).body.user;
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it('saves the theme to the account, which /auth/me then answers on any device', async () => {
    const { staff, put, me } = await signedIn();
    expect((await me()).body.user.theme).toBeNull();
    const saved = await put<MeResponse>('/settings/appearance', { theme: 'dark' });
    expect(saved.status).toBe(200);
    expect(saved.body.user.theme).toBe('dark');
    expect((await me()).body.user.theme).toBe('dark');
    expect((await auditActions(staff.id)).at(-1)).toEqual({
      action: 'appearance-updated',
      changes: { theme: { from: null, to: 'dark' } },
    });
    for (const body of [{ theme: 'blue' }, {}, { theme: 'dark', extra: 1 }]) {
      expect((await put('/settings/appearance', body)).status).toBe(400);
    }
    expect((await put<MeResponse>('/settings/appearance', { theme: null })).body.user.theme).toBeNull();
  });

  it('refuses incomplete or wrongly typed settings with 400', async () => {
    const { put, me } = await signedIn();
    const notifications = await put('/settings/notifications', { taskUpdates: 'yes', inventory: true });
    expect(notifications.status).toBe(400);
    expect(notifications.body['message']).toContain('taskUpdates must be true or false.');
    for (const format of ['odt', 'DOCX', 'csv', null]) {
      const reports = await put('/settings/reports', { includeCharts: true, includeSummary: true, format });
      expect(reports.status).toBe(400);
      expect(reports.body['message']).toContain('format must be one of pdf, xlsx, docx.');
    }
    expect((await me()).body.user.reportDefaults.format).toBe('pdf');
  });

  it('answers 401 without a session', async () => {
    const answer = await call(stack.gateway.url, 'PUT', '/api/settings/notifications', {
      body: { taskUpdates: true, inventory: true, weeklyDigest: true },
    });
    expect(answer.status).toBe(401);
  });
});
