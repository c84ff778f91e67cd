import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { SMTPServer } from 'smtp-server';
import type { DataSource } from 'typeorm';
import type { ReportJobDto, ReportQueuedResponse, Role } from '@caliber/contracts';
import { call, type ApiAnswer } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  equipmentDataSource,
  mailsTo,
  markEmailConfirmed,
  rosterStaff,
  setRosterActive,
  signIn,
  startEquipment,
  startMaintenance,
  startReports,
  startReportsWorker,
  useSignInStack,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';

/**
 * What keeps one person from taking the report workers from everyone, and a report from reaching
 * anyone it should not: the per-person limits (429, counted one request after the other), the
 * fair order between people, the requester's standing checked before each report and each e-mail,
 * and where reports may be mailed. Reports are asked for while no worker runs, so they wait in
 * the queue until the test starts one.
 */
describe('Report safeguards (real stack)', () => {
  // The gateway answers Generate at once (202) rather than waiting for the file.
  const stack = useSignInStack('report-safeguards', { REPORT_WAIT_SECONDS: '0' });
  const settings = {
    REPORT_MAX_ACTIVE_PER_PERSON: '3',
    REPORT_MAX_SCHEDULES_PER_PERSON: '2',
    REPORT_MAIL_DOMAINS: 'allowed.example',
  };
  const apps: INestApplication[] = [];
  let worker: INestApplication | null = null;
  let reportRows: DataSource;
  let maintenanceRows: DataSource;
  let equipmentRows: DataSource;
  let smtp: SMTPServer;
  let smtpPort = 0;
  /** Messages the mail server accepted: each recipient and the whole message. */
  const mail: { to: string[]; raw: string }[] = [];
  /** Runs when a message for the address arrives; answering an error refuses it (as a mail server can). */
  const onRecipient = new Map<string, () => Promise<Error | null>>();
  const tag = Date.now().toString(36);
  // A month no other test writes in: one repair in the ICU, assigned to nobody asking here.
  const period = { dateFrom: '1999-05-01', dateTo: '1999-05-31', departments: ['ICU'], categories: [] };

  /** A signed-in person; `email` is theirs and confirmed unless `confirmed: false`. */
  const person = async (
    role: Role,
    { confirmed = true, ...extra }: { name?: string; email?: string; confirmed?: boolean } = {},
  ) => {
    const staff = await rosterStaff(stack.db, { role, name: extra.name ?? `${role} ${tag}`, ...extra });
    if (extra.email && confirmed) await markEmailConfirmed(stack.db, staff.id);
    return { ...staff, token: await signIn(stack.gateway.url, staff.serviceNumber) };
  };
  const ask = (token: string, options: Record<string, unknown> = {}, reports = ['equipmentStatus']) =>
    call<ReportQueuedResponse & { code?: string; message?: string }>(
      stack.gateway.url,
      'POST',
      '/api/reports/generate',
      { token, body: { reports, filters: period, options: { delivery: { downloadNow: true }, ...options } } },
    );
  const job = async (id: string) =>
    (
      (await reportRows.query(
        `SELECT "state", "failure", "emailed_at", "started_at", "owner_id" FROM "reports"."report_jobs" WHERE "id" = $1`,
        [id],
      )) as { state: string; failure: string | null; emailed_at: Date | null; started_at: Date | null }[]
    )[0];
  const countOf = async (table: 'report_jobs' | 'report_schedules', ownerId: string) =>
    (
      (await reportRows.query(`SELECT count(*)::int AS "n" FROM "reports"."${table}" WHERE "owner_id" = $1`, [
        ownerId,
      ])) as { n: number }[]
    )[0]?.n;
  const settled = (id: string) => async () => ['done', 'failed'].includes((await job(id))?.state ?? '');
  const startWorker = async (env: Record<string, string> = {}) => {
    worker = await startReportsWorker({
      ...settings,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      REPORT_RETRY_DELAY_MS: '50',
      ...env,
    });
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = null;
  };
  const accepted = (answer: ApiAnswer<ReportQueuedResponse>) => {
    expect(answer.status).toBe(202);
    return answer.body.jobId;
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo(address, _session, callback) {
        const hook = onRecipient.get(address.address.toLowerCase());
        if (!hook) return callback();
        onRecipient.delete(address.address.toLowerCase());
        void hook().then((refusal) => callback(refusal ?? undefined));
      },
      onData(stream, session, callback) {
        const parts: Buffer[] = [];
        stream.on('data', (part: Buffer) => parts.push(part));
        stream.on('end', () => {
          mail.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            raw: Buffer.concat(parts).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as { port: number }).port;
    apps.push(await startEquipment(), await startMaintenance(), await startReports(settings));
    reportRows = await serviceDataSource('reports');
    maintenanceRows = await serviceDataSource('maintenance');
    equipmentRows = await equipmentDataSource();
    const serial = `SAFE-${tag}`.toUpperCase();
    const [device] = (await equipmentRows.query(
      `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
         "location", "installation_date", "status", "category")
       VALUES ('Safeguard Monitor', 'Philips', 'IntelliVue', $1, 'ICU', 'Bed 2', '1998-01-01', 'Serviceable', 'Monitor')
       RETURNING "id"`,
      [serial],
    )) as { id: string }[];
    await maintenanceRows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "status",
         "equipment_id", "equipment_name", "equipment_serial", "equipment_department", "equipment_category",
         "completed_date", "created_at", "updated_at")
       VALUES ('Replace the screen', '', 'Repair', 'Medium', 'Completed', $1, 'Safeguard Monitor', $2, 'ICU',
         'Monitor', '1999-05-12T10:00:00Z', '1999-05-10T08:00:00Z', '1999-05-12T10:00:00Z')`,
      [device?.id, serial],
    );
  }, 60_000);

  afterAll(async () => {
    // What the tests left queued is written now, so no later test file's worker finds it.
    if (!worker) await startWorker();
    await until(
      async () =>
        (
          (await reportRows.query(
            `SELECT count(*)::int AS "n" FROM "reports"."report_jobs" WHERE "state" IN ('queued', 'running')`,
          )) as { n: number }[]
        )[0]?.n === 0,
      { timeoutMs: 60_000, what: 'the queue to empty' },
    ).catch(() => undefined);
    await stopWorker();
    for (const app of apps.reverse()) await app.close();
    await Promise.all([reportRows.destroy(), maintenanceRows.destroy(), equipmentRows.destroy()]);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }, 90_000);

  it('writes each person’s first report before anyone’s second: B’s one goes ahead of A’s later ones', async () => {
    const a = await person('Engineer');
    const b = await person('Engineer');
    const asked = [accepted(await ask(a.token)), accepted(await ask(a.token)), accepted(await ask(a.token))];
    const theirs = accepted(await ask(b.token));
    await startWorker({ REPORT_WORKER_CONCURRENCY: '1' });
    try {
      for (const id of [...asked, theirs])
        await until(settled(id), { timeoutMs: 40_000, what: 'the reports to be written' });
    } finally {
      await stopWorker();
    }
    const rows = (await reportRows.query(
      `SELECT "id" FROM "reports"."report_jobs" WHERE "id" = ANY($1) ORDER BY "started_at"`,
      [[...asked, theirs]],
    )) as { id: string }[];
    expect(rows.map((row) => row.id)).toEqual([asked[0], theirs, asked[1], asked[2]]);
  }, 60_000);

  it('refuses a fourth report while three are being prepared, with 429 and what to do, and stores nothing', async () => {
    const busy = await person('Technician');
    for (let n = 0; n < 3; n += 1) accepted(await ask(busy.token));
    const refused = await ask(busy.token);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('REPORT_LIMIT_REACHED');
    expect(refused.body.message).toBe(
      'You already have 3 reports being prepared, the most one person may have at once. Wait for one to finish, then ask again.',
    );
    expect(await countOf('report_jobs', busy.id)).toBe(3);
    // The limit is theirs: anyone else still asks.
    accepted(await ask((await person('Technician')).token));
  });

  it('counts requests that arrive together one after the other: exactly the limit get through', async () => {
    const eager = await person('Manager');
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(eager.token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    expect(await countOf('report_jobs', eager.id)).toBe(3);
  });

  it('refuses a third live schedule, and takes one again once one is cancelled', async () => {
    const planner = await person('Engineer');
    const scheduleOnly = {
      schedule: { enabled: true, frequency: 'weekly' },
      delivery: { downloadNow: false },
    };
    const first = await ask(planner.token, scheduleOnly);
    expect(first.status).toBe(202);
    expect((await ask(planner.token, scheduleOnly)).status).toBe(202);
    const third = await ask(planner.token, scheduleOnly);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('REPORT_LIMIT_REACHED');
    expect(third.body.message).toBe(
      'You already have 2 report schedules, the most one person may keep. Cancel one under Your schedules, then add this one.',
    );
    expect(await countOf('report_schedules', planner.id)).toBe(2);
    const cancelled = await call(
      stack.gateway.url,
      'DELETE',
      `/api/report-schedules/${first.body.scheduleId}`,
      { token: planner.token },
    );
    expect(cancelled.status).toBe(200);
    expect((await ask(planner.token, scheduleOnly)).status).toBe(202);
  });

  it('mails only to the requester’s confirmed roster address or an allowed domain, and says so when refusing', async () => {
    const own = `own.${tag}@clinic.example`;
    const mailer = await person('Engineer', { email: own });
    const byMail = (email: string) => ({ delivery: { downloadNow: false, email } });
    accepted(await ask(mailer.token, byMail(own.toUpperCase())));
    accepted(await ask(mailer.token, byMail(`head.${tag}@allowed.example`)));
    const before = await countOf('report_jobs', mailer.id);
    for (const elsewhere of [`other.${tag}@clinic.example`, `x.${tag}@sub.allowed.example`]) {
      const refused = await ask(mailer.token, byMail(elsewhere));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        `Reports can be e-mailed only to your own confirmed address (${own}) or to an address at allowed.example. Use it, or leave Email empty and download the report.`,
      );
    }
    const scheduled = await ask(mailer.token, {
      schedule: { enabled: true, frequency: 'monthly' },
      ...byMail(`other.${tag}@clinic.example`),
    });
    expect(scheduled.status).toBe(400);
    expect(await countOf('report_jobs', mailer.id)).toBe(before);
    expect(await countOf('report_schedules', mailer.id)).toBe(0);
    const nobody = await person('Engineer');
    const none = await ask(nobody.token, byMail(`them.${tag}@clinic.example`));
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(
      /and you have none\. To confirm one, enter it under Profile in Settings/,
    );
  });

  it('refuses a report to an address a Technician typed into their own profile, and to one nobody confirmed', async () => {
    // The walk-around: anyone may enter any address under Profile (PUT /api/users/me). It is
    // pending until its link is opened, and a report to it is refused, as to any other.
    const outside = `exfil.${tag}@outside.example`;
    const technician = await person('Technician');
    const saved = await call<{ user: { email: string | null; pendingEmail: string | null } }>(
      stack.gateway.url,
      'PUT',
      '/api/users/me',
      { token: technician.token, body: { name: `Technician ${tag}`, email: outside } },
    );
    expect(saved.status).toBe(200);
    const refused = await ask(technician.token, { delivery: { downloadNow: false, email: outside } });
    expect(refused.status).toBe(400);
    expect(saved.body.user).toMatchObject({ email: null, pendingEmail: outside });
    expect(refused.body.message).toBe(
      'Reports can be e-mailed only to your own confirmed address or to an address at allowed.example, and you have none. To confirm one, enter it under Profile in Settings (or choose Send again there) and open the link it e-mails you; or leave Email empty and download the report.',
    );
    // An address on the roster that its owner never confirmed (put there by an Engineer, or kept
    // from before) receives nothing either.
    const unproved = `unproved.${tag}@clinic.example`;
    const listed = await person('Technician', { email: unproved, confirmed: false });
    const notYet = await ask(listed.token, { delivery: { downloadNow: false, email: unproved } });
    expect(notYet.status).toBe(400);
    expect(notYet.body.message).toContain(`and yours (${unproved}) is not confirmed yet`);
    expect(await countOf('report_jobs', technician.id)).toBe(0);
    expect(await countOf('report_jobs', listed.id)).toBe(0);
    // Opening the link the Technician was mailed makes the address theirs: then it is allowed.
    const link = (await mailsTo(outside)).at(-1)?.text.match(/confirm-email\?token=([A-Za-z0-9_-]{43})/)?.[1];
    const confirmed = await call(stack.gateway.url, 'POST', '/api/auth/confirm-email', {
      body: { token: link },
    });
    expect(confirmed.status).toBe(200);
    accepted(await ask(technician.token, { delivery: { downloadNow: false, email: outside } }));
  });

  it('says who asked by service number, never by the name they typed', async () => {
    const to = `phish.${tag}@allowed.example`;
    const lure = await person('Engineer', { name: 'Eve: sign in at https://phish.example to open it' });
    const id = accepted(await ask(lure.token, { delivery: { downloadNow: false, email: to } }));
    await startWorker();
    try {
      await until(async () => (await job(id))?.emailed_at !== null, {
        timeoutMs: 30_000,
        what: 'the report to be e-mailed',
      });
    } finally {
      await stopWorker();
    }
    const sent = mail.find((message) => message.to.includes(to));
    const body = sent?.raw.slice(0, sent.raw.indexOf('Content-Disposition: attachment')) ?? '';
    expect(body).toContain(`The report asked for by staff member ${lure.serviceNumber} is attached`);
    expect(body).not.toContain('phish.example');
    expect(body).not.toContain('Eve');
  });

  it('does not write a report whose requester was deactivated or removed after asking, and says why', async () => {
    const leaving = await person('Engineer');
    const gone = await person('Engineer');
    const staying = await person('Engineer');
    const deactivated = accepted(await ask(leaving.token));
    const removed = accepted(await ask(gone.token));
    const kept = accepted(await ask(staying.token));
    await setRosterActive(stack.db, leaving.serviceNumber, false);
    await stack.db.query(`DELETE FROM "identity"."users" WHERE "id" = $1`, [gone.id]);
    await startWorker();
    try {
      for (const id of [deactivated, removed, kept])
        await until(settled(id), { timeoutMs: 30_000, what: 'the reports to be settled' });
    } finally {
      await stopWorker();
    }
    expect(await job(deactivated)).toMatchObject({
      state: 'failed',
      failure: 'The person who asked for it was deactivated on the staff roster.',
      started_at: null,
    });
    expect(await job(removed)).toMatchObject({
      state: 'failed',
      failure: 'The person who asked for it is no longer on the staff roster.',
    });
    expect((await job(kept))?.state).toBe('done');
    const chunks = (await reportRows.query(
      `SELECT count(*)::int AS "n" FROM "reports"."report_file_chunks" WHERE "job_id" = ANY($1)`,
      [[deactivated, removed]],
    )) as { n: number }[];
    expect(chunks[0]?.n).toBe(0);
    // The Reports screen reads the reason from the report itself.
    const engineer = await person('Engineer');
    const seen = await call<ReportJobDto>(stack.gateway.url, 'GET', `/api/reports/${deactivated}`, {
      token: engineer.token,
    });
    expect(seen.body.failure).toMatch(/deactivated/);
  }, 60_000);

  it('reads the figures as the requester’s role is when the report runs, not when it was asked for', async () => {
    const promoted = await person('Technician');
    const id = accepted(await ask(promoted.token, {}, ['taskManagement']));
    await stack.db.query(`UPDATE "identity"."users" SET "role" = 'Engineer' WHERE "id" = $1`, [promoted.id]);
    await startWorker();
    try {
      await until(settled(id), { timeoutMs: 30_000, what: 'the report to be written' });
    } finally {
      await stopWorker();
    }
    expect((await job(id))?.state).toBe('done');
    const engineer = await person('Engineer');
    const answer = await fetch(`${stack.gateway.url}/api/reports/${id}/file`, {
      headers: { authorization: `Bearer ${engineer.token}` },
    });
    const file = join(mkdtempSync(join(tmpdir(), 'caliber-report-')), 'promoted.pdf');
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // As a Technician they would read only their own tasks (none); as an Engineer, the ICU's repair.
    expect(text).toMatch(/1 tasks were created in the period \(ICU; every category\) and 1 completed/);
  });

  it('sends no e-mail to an address that is no longer the requester’s confirmed roster address', async () => {
    const before = `before.${tag}@clinic.example`;
    const moved = await person('Engineer', { email: before });
    const id = accepted(await ask(moved.token, { delivery: { downloadNow: false, email: before } }));
    await stack.db.query(`UPDATE "identity"."users" SET "email" = $2 WHERE "id" = $1`, [
      moved.id,
      `after.${tag}@clinic.example`,
    ]);
    // Its address set back by an Engineer: the same address, but no longer proved by its owner.
    const back = `back.${tag}@clinic.example`;
    const reset = await person('Engineer', { email: back });
    const resetId = accepted(await ask(reset.token, { delivery: { downloadNow: false, email: back } }));
    for (const email of [`elsewhere.${tag}@clinic.example`, back])
      await stack.db.query(`UPDATE "identity"."users" SET "email" = $2 WHERE "id" = $1`, [reset.id, email]);
    await startWorker();
    try {
      for (const report of [id, resetId])
        await until(async () => ((await job(report))?.failure ?? '') !== '', {
          timeoutMs: 30_000,
          what: 'the reports to be written and their e-mail withheld',
        });
    } finally {
      await stopWorker();
    }
    for (const [report, to] of [
      [id, before],
      [resetId, back],
    ] as const) {
      expect(await job(report)).toMatchObject({
        state: 'done',
        emailed_at: null,
        failure: `The report was written but not e-mailed: ${to} is not the requester's confirmed address on the staff roster, nor at a domain reports may be sent to. Download the report here, or confirm the address in Settings (Profile) and ask for it again.`,
      });
      expect(mail.some((message) => message.to.includes(to))).toBe(false);
    }
  });

  it('sends no e-mail for a requester deactivated between writing the report and mailing it', async () => {
    const to = `late.${tag}@allowed.example`;
    const late = await person('Engineer');
    // The first delivery finds the mail server refusing for a moment; meanwhile the person is
    // deactivated. The next try is owed the e-mail only while the person is still active.
    onRecipient.set(to, async () => {
      await setRosterActive(stack.db, late.serviceNumber, false);
      return Object.assign(new Error('Try again later'), { responseCode: 451 });
    });
    const id = accepted(await ask(late.token, { delivery: { downloadNow: false, email: to } }));
    await startWorker();
    try {
      await until(async () => /not e-mailed/.test((await job(id))?.failure ?? ''), {
        timeoutMs: 30_000,
        what: 'the e-mail to be withheld',
      });
    } finally {
      await stopWorker();
    }
    expect(onRecipient.has(to)).toBe(false);
    expect(await job(id)).toMatchObject({
      state: 'done',
      emailed_at: null,
      failure:
        'The report was written but not e-mailed: the person who asked for it was deactivated on the staff roster.',
    });
    expect(mail.some((message) => message.to.includes(to))).toBe(false);
  });
});
