import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { SMTPServer } from 'smtp-server';
import type { DataSource } from 'typeorm';
import {
  REPORT_TITLES,
  REPORT_TYPES,
  type ReportJobDto,
  type ReportQueuedResponse,
  type ReportScheduleListResponse,
  type Role,
} from '@caliber/contracts';
import { bullConnection, queuePrefix } from '@caliber/service-kit';
import { call } from '@caliber/testing/http';
import { serviceDataSource } from '@caliber/testing/service-databases';
import {
  equipmentDataSource,
  rosterStaff,
  setRosterActive,
  signIn,
  startEquipment,
  startGateway,
  startMaintenance,
  startReports,
  startReportsWorker,
  useSignInStack,
  type RunningGateway,
} from '@caliber/testing/stack';
import { until } from '@caliber/testing/wait';
import { REPORT_QUEUE, SCHEDULE_PATTERNS, type ReportQueueData } from './jobs/report-queue';

/**
 * Reports end to end on the real stack: the gateway, the reports API and a worker, and the
 * services that own the data. The figures are those of a hand-built March 2001, a month no other
 * test writes in: a ventilator down from the 3rd 12:00 to the 5th 12:00 (48 h of 744 observed:
 * uptime 93.5%, one failure, MTTR 48 h, MTBF 696 h), and a repair completed on the 7th with two
 * parts at 15.50, one part without a cost and 3.5 labour hours recorded by its Technician, priced
 * at the Technician rate in force on the 7th (40 an hour from 1 January: 140; the 55 from 1 April
 * starts after the work and prices none of it). Amounts are in the hospital currency, set to euros
 * for the suite (and put back after).
 */
describe('Reports (real stack)', () => {
  const stack = useSignInStack('reports');
  const apps: INestApplication[] = [];
  let maintenance: INestApplication;
  let equipmentRows: DataSource;
  let maintenanceRows: DataSource;
  let reportRows: DataSource;
  let waiting: RunningGateway;
  let smtp: SMTPServer;
  const mail: string[] = [];
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  let otherTechnician = '';
  let currencyBefore: string | null = null;
  const rateIds: string[] = [];
  const serial = `RPT-${Date.now().toString(36)}`.toUpperCase();
  // The addresses these reports are mailed to are the tests' own, at one allowed domain.
  const mailDomains = { REPORT_MAIL_DOMAINS: 'hospital.example' };
  const period = {
    dateFrom: '2001-03-01',
    dateTo: '2001-03-31',
    departments: ['ICU'],
    categories: ['Ventilator'],
  };

  const as = (role: Role, token = tokens.get(role)) => ({
    get: <T>(path: string) => call<T>(stack.gateway.url, 'GET', `/api${path}`, { token }),
    post: <T>(path: string, body: unknown) =>
      call<T>(stack.gateway.url, 'POST', `/api${path}`, { token, body }),
  });
  const download = (path: string, token: string | undefined, body?: unknown) =>
    fetch(`${stack.gateway.url}/api${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  const request = (
    reports: string[],
    format: string,
    delivery: Record<string, unknown> = { downloadNow: true },
  ) => ({
    reports,
    filters: period,
    options: { format, visuals: { charts: true, summary: true }, delivery, advanced: { heatMaps: true } },
  });
  const job = async (id: string, role: Role = 'Engineer') =>
    (await as(role).get<ReportJobDto>(`/reports/${id}`)).body;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        const parts: Buffer[] = [];
        stream.on('data', (part: Buffer) => parts.push(part));
        stream.on('end', () => {
          mail.push(Buffer.concat(parts).toString('latin1'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    apps.push(await startEquipment());
    maintenance = await startMaintenance();
    apps.push(await startReports(mailDomains));
    apps.push(
      await startReportsWorker({
        ...mailDomains,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        REPORT_RETRY_DELAY_MS: '50',
        REPORT_ATTEMPTS: '3',
      }),
    );
    waiting = await startGateway({
      REPORT_WAIT_SECONDS: '0',
      REDIS_KEY_PREFIX: `reports-wait-${Date.now()}`,
    });
    for (const role of ['Technician', 'Engineer', 'Manager'] as const) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Reporter` });
      ids.set(role, staff.id);
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
    const other = await rosterStaff(stack.db, { role: 'Technician', name: 'Other Technician' });
    otherTechnician = await signIn(stack.gateway.url, other.serviceNumber);

    equipmentRows = await equipmentDataSource();
    maintenanceRows = await serviceDataSource('maintenance');
    reportRows = await serviceDataSource('reports');
    const [device] = (await equipmentRows.query(
      `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
         "location", "installation_date", "status", "category")
       VALUES ('Report Ventilator', 'Dräger', 'Evita V800', $1, 'ICU', 'Bed 9', '2000-06-01', 'Serviceable', 'Ventilator')
       RETURNING "id"`,
      [serial],
    )) as { id: string }[];
    const history: [string | null, string, string][] = [
      [null, 'Serviceable', '2001-03-01T00:00:00Z'],
      ['Serviceable', 'Unserviceable', '2001-03-03T12:00:00Z'],
      ['Unserviceable', 'Serviceable', '2001-03-05T12:00:00Z'],
    ];
    for (const [from, to, at] of history)
      await equipmentRows.query(
        `INSERT INTO "equipment"."status_history" ("equipment_id", "from_status", "to_status", "changed_at")
         VALUES ($1, $2, $3, $4)`,
        [device?.id, from, to, at],
      );
    const [task] = (await maintenanceRows.query(
      `INSERT INTO "maintenance"."tasks" ("title", "description", "task_type", "priority", "status",
         "equipment_id", "equipment_name", "equipment_serial", "equipment_department", "equipment_category",
         "completed_date", "certified", "certified_at", "certified_by_name", "labour_hours", "labour_role",
         "created_at", "updated_at", "assigned_to_id", "assigned_to_name")
       VALUES ('Replace flow sensor', '', 'Repair', 'High', 'Completed', $1, 'Report Ventilator', $2, 'ICU',
         'Ventilator', '2001-03-07T10:00:00Z', true, '2001-03-07T12:00:00Z', 'Report Engineer', 3.5, 'Technician',
         '2001-03-03T12:00:00Z', '2001-03-07T12:00:00Z', $3, 'Technician Reporter')
       RETURNING "id"`,
      [device?.id, serial, ids.get('Technician')],
    )) as { id: string }[];
    for (const [position, name, quantity, cost] of [
      [0, 'Flow sensor', 2, 15.5],
      [1, 'O-ring', 1, null],
    ] as const)
      await maintenanceRows.query(
        `INSERT INTO "maintenance"."spare_parts" ("task_id", "position", "name", "quantity", "unit_cost")
         VALUES ($1, $2, $3, $4, $5)`,
        [task?.id, position, name, quantity, cost],
      );
    // The manufacturer's call-out for the same repair.
    await maintenanceRows.query(
      `INSERT INTO "maintenance"."task_vendor_charges" ("task_id", "position", "vendor_id", "vendor_name", "visit_date", "amount")
       VALUES ($1, 0, gen_random_uuid(), 'Report Vendor', '2001-03-06', 80.25)`,
      [task?.id],
    );
    const [settings] = (await maintenanceRows.query(
      `SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1`,
    )) as [{ currency: string | null }];
    currencyBefore = settings.currency;
    await maintenanceRows.query(`UPDATE "maintenance"."cost_settings" SET "currency" = 'EUR' WHERE "id" = 1`);
    for (const [from, rate] of [
      ['2001-01-01', 40],
      ['2001-04-01', 55],
    ] as const) {
      const [added] = (await maintenanceRows.query(
        `INSERT INTO "maintenance"."labour_rates" ("role", "hourly_rate", "starts_on", "added_by_label")
         VALUES ('Technician', $1, $2, 'reports-test') RETURNING "id"`,
        [rate, from],
      )) as { id: string }[];
      if (added) rateIds.push(added.id);
    }
  }, 60_000);

  afterAll(async () => {
    await maintenanceRows.query(`DELETE FROM "maintenance"."labour_rates" WHERE "id" = ANY($1::uuid[])`, [
      rateIds,
    ]);
    await maintenanceRows.query(`UPDATE "maintenance"."cost_settings" SET "currency" = $1 WHERE "id" = 1`, [
      currencyBefore,
    ]);
    await waiting.app.close();
    await maintenance.close().catch(() => undefined);
    for (const app of apps.reverse()) await app.close();
    await Promise.all([equipmentRows.destroy(), maintenanceRows.destroy(), reportRows.destroy()]);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('answers the downtime analysis as a PDF with the month’s figures, charts and a heat map', async () => {
    const answer = await download(
      '/reports/generate',
      tokens.get('Manager'),
      request(['downtimeAnalysis'], 'pdf'),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cmms-report-\d+\.pdf"$/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'caliber-report-'));
    const file = join(dir, 'report.pdf');
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Downtime analysis');
    expect(text).toContain('Departments: ICU');
    expect(text.replace(/\s+/g, ' ')).toContain('were down for 48.0 h in all: uptime 93.5%');
    expect(text).toContain('MTTR');
    expect(text).toContain(serial);
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('states each report’s figures in its summary, as worked out by hand', async () => {
    const answer = await download('/reports/generate', tokens.get('Engineer'), {
      ...request([...REPORT_TYPES], 'pdf'),
    });
    expect(answer.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'caliber-report-')), 'all.pdf');
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const title of Object.values(REPORT_TITLES)) expect(text).toContain(title);
    // Created on the 3rd at 12:00, completed on the 7th at 10:00: 94 hours.
    expect(text).toContain(
      '1 tasks were created in the period (ICU; Ventilator) and 1 completed; completed work took 94.0 h',
    );
    expect(text).toContain('0 tasks were preventive and 1 corrective (0.0% preventive)');
    expect(text).toContain('1 person had work assigned or completed in the period');
    expect(text).toContain('3 parts of 2 kinds were used on 1 tasks and 1 devices');
    expect(text).toContain('Their recorded cost is €31.00; 1 uses had no recorded cost and are not priced.');
    expect(text).toContain(
      'Recorded parts cost €31.00 and recorded labour 3.5 h, priced at €140.00 by the labour rates in force when the work was done; vendors invoiced €80.25 for 1 of the tasks.',
    );
    expect(text).toContain('down for 48.0 h in all: uptime 93.5%');
    expect(text).toContain('1 certifications were given in the period');
  });

  it('writes the financial cost as an Excel file with real numbers, filters and a frozen header', async () => {
    const answer = await download(
      '/reports/generate',
      tokens.get('Engineer'),
      request(['financialCost', 'inventorySpareParts'], 'xlsx'),
    );
    expect(answer.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    const sheet = workbook.worksheets.find(
      (candidate) => /department/i.test(candidate.name) && /cost/i.test(candidate.name),
    );
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(sheet.views[0]?.state).toBe('frozen');
    expect(sheet.autoFilter).toBeTruthy();
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const icu = sheet.getRow(2).values as unknown[];
    const column = (header: string) => icu[headers.indexOf(header)];
    expect(column('Department')).toBe('ICU');
    expect(column('Tasks')).toBe(1);
    expect(column('Parts cost')).toBe(31);
    expect(column('Part uses without a cost')).toBe(1);
    expect(column('Labour hours')).toBe(3.5);
    expect(column('Labour cost')).toBe(140);
    expect(column('Vendor charges')).toBe(80.25);
    expect(column('Recorded cost')).toBe(251.25); // 31 + 140 + 80.25
  });

  it('gives a Technician the hours of their own work without their price', async () => {
    const answer = await download(
      '/reports/generate',
      tokens.get('Technician'),
      request(['financialCost'], 'pdf'),
    );
    expect(answer.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'caliber-report-')), 'technician.pdf');
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(
      'recorded labour 3.5 h (labour and vendors’ charges are in the reports of Engineers, Managers and Admins).',
    );
    expect(text).not.toContain('140.00');
    expect(text).not.toContain('80.25');
  });

  it('writes a Word document with the narrative and the tables', async () => {
    const answer = await download(
      '/reports/generate',
      tokens.get('Engineer'),
      request(['downtimeAnalysis', 'complianceAudit'], 'docx'),
    );
    expect(answer.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await answer.arrayBuffer()));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toContain('Downtime analysis');
    expect(xml).toContain('Compliance audit');
    // The compliance audit's electrical-safety section, read from maintenance's report data.
    expect(xml).toContain('Electrical safety tests (IEC 62353)');
    expect(xml).toContain('Failed electrical safety tests');
    expect(xml).toMatch(/\d+ electrical safety tests? (was|were) taken in the period/);
    // The compliance audit's recall section (its own file), from the equipment service's figures.
    expect(xml).toContain('Recalls and field safety notices');
    expect(xml).toContain('Recall actions awaiting closure');
    expect(xml).toContain(serial);
    expect(xml).toContain('93.5%');
    // Each service's audit chain, checked by its owner as the report is written.
    expect(xml).toContain('Audit trail integrity');
    expect(xml.match(/>Intact</g)).toHaveLength(4);
    expect(xml).not.toContain('>Broken<');
  });

  it('answers a link when the file is not ready in time; the page follows it and only its owner, Engineers and Admins read it', async () => {
    const asked = await call<ReportQueuedResponse>(waiting.url, 'POST', '/api/reports/generate', {
      token: tokens.get('Technician'),
      body: request(['taskManagement'], 'pdf'),
    });
    expect(asked.status).toBe(202);
    expect(asked.body.fileUrl).toBe(`/reports/jobs/${asked.body.jobId}`);
    await until(async () => (await job(asked.body.jobId, 'Technician')).state === 'done', {
      timeoutMs: 20_000,
      what: 'the report to be written',
    });
    const file = await download(`/reports/${asked.body.jobId}/file`, tokens.get('Technician'));
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await as('Technician', otherTechnician).get(`/reports/${asked.body.jobId}`)).status).toBe(404);
    expect((await download(`/reports/${asked.body.jobId}/file`, otherTechnician)).status).toBe(404);
    expect((await as('Engineer').get(`/reports/${asked.body.jobId}`)).status).toBe(200);
    const mine = await as('Technician').get<{ jobs: ReportJobDto[] }>('/reports');
    expect(mine.body.jobs.map((report) => report._id)).toContain(asked.body.jobId);
    const theirs = await as('Technician', otherTechnician).get<{ jobs: ReportJobDto[] }>(
      '/reports?everyone=1',
    );
    expect(theirs.body.jobs.map((report) => report._id)).not.toContain(asked.body.jobId);
  });

  it('tries a report again with growing waits, then says it failed and why', async () => {
    await maintenance.close();
    try {
      const asked = await as('Engineer').post<ReportQueuedResponse>(
        '/reports/generate',
        request(['taskManagement'], 'pdf', { downloadNow: false, email: 'nobody@hospital.example' }),
      );
      expect(asked.status).toBe(202);
      await until(async () => (await job(asked.body.jobId)).state === 'failed', {
        timeoutMs: 20_000,
        what: 'the report to fail',
      });
      const failed = await job(asked.body.jobId);
      expect(failed.attempts).toBe(3);
      expect(failed.failure).toMatch(/not available|did not answer|cannot be reached/);
      expect((await download(`/reports/${asked.body.jobId}/file`, tokens.get('Engineer'))).status).toBe(409);
    } finally {
      maintenance = await startMaintenance();
    }
  });

  it('keeps a monthly schedule, which writes last month’s report when it fires and e-mails it intact', async () => {
    const asked = await as('Manager').post<ReportQueuedResponse>('/reports/generate', {
      ...request(['downtimeAnalysis'], 'pdf', { downloadNow: false, email: 'head@hospital.example' }),
      options: {
        format: 'pdf',
        schedule: { enabled: true, frequency: 'monthly' },
        delivery: { downloadNow: false, email: 'head@hospital.example' },
      },
    });
    expect(asked.status).toBe(202);
    const scheduleId = asked.body.scheduleId ?? '';
    const connection = bullConnection(process.env['REDIS_URL'] ?? '', 'reports-test');
    const queue = new Queue<ReportQueueData>(REPORT_QUEUE, {
      connection,
      prefix: queuePrefix(process.env['DATABASE_URL'] ?? ''),
    });
    try {
      const scheduler = await queue.getJobScheduler(scheduleId);
      expect(scheduler?.pattern).toBe(SCHEDULE_PATTERNS.monthly);
      const listed = await as('Manager').get<ReportScheduleListResponse>('/report-schedules');
      expect(listed.body.schedules.find((schedule) => schedule._id === scheduleId)?.nextRunAt).toBeTruthy();

      // Its turn, as the job scheduler adds it.
      const before = mail.length;
      await queue.add('scheduled-report', { kind: 'schedule', scheduleId });
      let scheduled: ReportJobDto | undefined;
      await until(
        async () => {
          const all = await as('Manager').get<{ jobs: ReportJobDto[] }>('/reports');
          scheduled = all.body.jobs.find((report) => report.scheduleId === scheduleId);
          return scheduled?.emailedAt !== undefined && scheduled?.emailedAt !== null;
        },
        { timeoutMs: 20_000, what: 'the scheduled report to be e-mailed' },
      );
      const today = new Date();
      const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))
        .toISOString()
        .slice(0, 10);
      expect(scheduled?.filters.dateFrom).toBe(lastMonth);
      // Asked for with an e-mail, the report was also written and sent at once; this is the schedule's.
      const message = mail.slice(before).find((sent) => sent.includes(scheduled?.fileName ?? '?')) ?? '';
      expect(message).toContain('To: head@hospital.example');
      const file = Buffer.from(
        await (await download(`/reports/${scheduled?._id}/file`, tokens.get('Manager'))).arrayBuffer(),
      );
      expect(attachmentOf(message).toString('base64')).toBe(file.toString('base64'));

      expect(
        (
          await call(stack.gateway.url, 'DELETE', `/api/report-schedules/${scheduleId}`, {
            token: tokens.get('Technician'),
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(stack.gateway.url, 'DELETE', `/api/report-schedules/${scheduleId}`, {
            token: tokens.get('Manager'),
          })
        ).status,
      ).toBe(200);
      expect(await queue.getJobScheduler(scheduleId)).toBeFalsy();
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });

  it('finishes on another worker a report whose worker died holding it', async () => {
    // The test's worker steps aside; a worker that takes the report and dies (its hold lapses
    // after 2 s, as a killed process's would) stands in, then a new worker takes over.
    const steady = apps.pop();
    await steady?.close();
    const connection = bullConnection(process.env['REDIS_URL'] ?? '', 'reports-dying-worker');
    let taken = false;
    const dying = new Worker<ReportQueueData>(
      REPORT_QUEUE,
      () => {
        taken = true;
        return new Promise<void>(() => undefined);
      },
      { connection, prefix: queuePrefix(process.env['DATABASE_URL'] ?? ''), lockDuration: 2000 },
    );
    const asked = await as('Engineer').post<ReportQueuedResponse>(
      '/reports/generate',
      request(['equipmentStatus'], 'pdf', { downloadNow: false, email: 'takeover@hospital.example' }),
    );
    await until(() => taken, { timeoutMs: 10_000, what: 'the dying worker to take the report' });
    await dying.close(true);
    connection.disconnect();
    apps.push(await startReportsWorker({ ...mailDomains, REPORT_LOCK_MS: '2000' }));
    await until(async () => (await job(asked.body.jobId)).state === 'done', {
      timeoutMs: 30_000,
      what: 'another worker to finish the report',
    });
    // Starting a worker and waiting for the lapsed hold take their own time on a loaded machine:
    // the waits above bound each step, this bounds the whole.
  }, 90_000);

  it('ends a schedule whose owner was deactivated, at its next turn, without a report', async () => {
    const owner = await rosterStaff(stack.db, { role: 'Engineer', name: 'Leaving Engineer' });
    const token = await signIn(stack.gateway.url, owner.serviceNumber);
    const asked = await call<ReportQueuedResponse>(stack.gateway.url, 'POST', '/api/reports/generate', {
      token,
      body: {
        reports: ['equipmentStatus'],
        filters: period,
        options: {
          schedule: { enabled: true, frequency: 'weekly' },
          delivery: { downloadNow: false, email: 'leaving@hospital.example' },
        },
      },
    });
    expect(asked.status).toBe(202);
    const scheduleId = asked.body.scheduleId ?? '';
    await setRosterActive(stack.db, owner.serviceNumber, false);
    const connection = bullConnection(process.env['REDIS_URL'] ?? '', 'reports-test');
    const queue = new Queue<ReportQueueData>(REPORT_QUEUE, {
      connection,
      prefix: queuePrefix(process.env['DATABASE_URL'] ?? ''),
    });
    try {
      await queue.add('scheduled-report', { kind: 'schedule', scheduleId });
      // The worker ends the schedule (committed), then takes its scheduler away: wait for both,
      // since the row can be seen ended a moment before the scheduler is gone.
      await until(
        async () =>
          (
            (await reportRows.query(
              `SELECT "cancelled_at" FROM "reports"."report_schedules" WHERE "id" = $1`,
              [scheduleId],
            )) as {
              cancelled_at: Date | null;
            }[]
          )[0]?.cancelled_at !== null && !(await queue.getJobScheduler(scheduleId)),
        { timeoutMs: 20_000, what: 'the schedule to end and its scheduler to go' },
      );
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const [{ reports }] = (await reportRows.query(
      `SELECT count(*)::int AS "reports" FROM "reports"."report_jobs" WHERE "schedule_id" = $1`,
      [scheduleId],
    )) as [{ reports: number }];
    expect(reports).toBe(0);
    const [audit] = (await reportRows.query(
      `SELECT "changes" FROM "reports"."audit_log" WHERE "entity_id" = $1 AND "action" = 'cancelled'`,
      [scheduleId],
    )) as { changes: Record<string, { to: string }> }[];
    expect(audit?.changes['reason']?.to).toBe('the owner was deactivated');
  });

  it('deletes a file when it expires and says so', async () => {
    const asked = await as('Engineer').post<ReportQueuedResponse>(
      '/reports/generate',
      request(['equipmentStatus'], 'xlsx', { downloadNow: false, email: 'expiry@hospital.example' }),
    );
    await until(async () => (await job(asked.body.jobId)).state === 'done', {
      timeoutMs: 20_000,
      what: 'the report',
    });
    await reportRows.query(
      `UPDATE "reports"."report_jobs" SET "expires_at" = now() - interval '1 minute' WHERE "id" = $1`,
      [asked.body.jobId],
    );
    const connection = bullConnection(process.env['REDIS_URL'] ?? '', 'reports-test');
    const queue = new Queue<ReportQueueData>(REPORT_QUEUE, {
      connection,
      prefix: queuePrefix(process.env['DATABASE_URL'] ?? ''),
    });
    try {
      await queue.add('expire-files', { kind: 'expiry' });
      await until(async () => (await job(asked.body.jobId)).state === 'expired', {
        timeoutMs: 20_000,
        what: 'the file to expire',
      });
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const [{ chunks }] = (await reportRows.query(
      `SELECT count(*)::int AS "chunks" FROM "reports"."report_file_chunks" WHERE "job_id" = $1`,
      [asked.body.jobId],
    )) as [{ chunks: number }];
    expect(chunks).toBe(0);
    const gone = await as('Engineer').get<{ message: string }>(`/reports/${asked.body.jobId}/file`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/expired/);
  });

  it('refuses a request that breaks one of the dialog’s rules, with the dialog’s words, and writes nothing', async () => {
    const [{ before }] = (await reportRows.query(
      `SELECT count(*)::int AS "before" FROM "reports"."report_jobs"`,
    )) as [{ before: number }];
    const cases: [unknown, string][] = [
      [{ reports: [], filters: period }, 'Select at least one report type.'],
      [
        { reports: ['taskManagement'], filters: { ...period, dateFrom: '2001-04-01' } },
        'Start date cannot be after end date.',
      ],
      [
        { reports: ['taskManagement'], filters: period, options: { delivery: { downloadNow: false } } },
        'Choose ‘Download Now’, or provide an email, or enable Schedule.',
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await as('Engineer').post<{ message: string }>('/reports/generate', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const [{ after }] = (await reportRows.query(
      `SELECT count(*)::int AS "after" FROM "reports"."report_jobs"`,
    )) as [{ after: number }];
    expect(after).toBe(before);
  });
});

/** The first attachment of a MIME message, decoded from its base64 lines. */
function attachmentOf(message: string): Buffer {
  const part = message.slice(message.indexOf('Content-Disposition: attachment'));
  const body = part.slice(part.search(/\r?\n\r?\n/)).trimStart();
  return Buffer.from(body.slice(0, body.search(/\r?\n--/)).replace(/\s+/g, ''), 'base64');
}
