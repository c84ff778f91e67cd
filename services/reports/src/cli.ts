import 'reflect-metadata';
import { ClientProxyFactory } from '@nestjs/microservices';
import {
  generateReportSchema,
  SUBJECTS,
  type AssigneeDto,
  type AssigneeListResponse,
  type ReportRequest,
} from '@caliber/contracts';
import {
  bullConnection,
  createLogger,
  natsClientOptions,
  queuePrefix,
  refuseDemoDataInProduction,
  requestFromService,
  runServiceCli,
  serviceInboxPrefix,
  StatementSigner,
} from '@caliber/service-kit';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { loadReportsConfig } from './config';
import { reportsDatabase } from './database';
import { REPORT_QUEUE, upsertScheduleJob, type ReportQueueData } from './jobs/report-queue';
import { ReportSchedulesRepository } from './schedules/report-schedules.repository';

const USAGE = `Reports commands:
  seed:demo   When there are no report schedules yet, gives the demo Engineer a monthly schedule:
              the compliance audit and the downtime analysis of the month before, as a PDF with
              charts, e-mailed on the 1st (into the development mail outbox). Asks identity over
              NATS for the Engineer, so the stack must be running.`;

/** The demo schedule: what a head of department would want on the first of each month. */
export function demoScheduleRequest(today: string): ReportRequest {
  return generateReportSchema.parse({
    reports: ['complianceAudit', 'downtimeAnalysis'],
    filters: { dateFrom: today, dateTo: today, departments: [], categories: [] },
    options: {
      format: 'pdf',
      visuals: { charts: true, summary: true },
      schedule: { enabled: true, frequency: 'monthly' },
      delivery: { downloadNow: false, email: 'biomed-head@hospital.example' },
    },
  });
}

async function demoEngineer(): Promise<AssigneeDto | null> {
  const config = loadReportsConfig();
  const client = ClientProxyFactory.create(
    natsClientOptions(config.nats, 'reports-seed', serviceInboxPrefix('reports')),
  );
  await client.connect();
  try {
    const people = await requestFromService<AssigneeListResponse>(
      {
        client,
        signer: new StatementSigner('reports', config.trust.signingKey),
        timeoutMs: config.natsRequestTimeoutMs,
        logger: createLogger('reports', 'silent'),
      },
      'staff roster service',
      SUBJECTS.identity.assignees,
      { approved: 'any', limit: 200 },
    );
    return people.technicians.find((person) => person.role === 'Engineer') ?? null;
  } finally {
    await client.close();
  }
}

async function seedDemo(dataSource: DataSource): Promise<string> {
  const [{ schedules }] = (await dataSource.query(
    `SELECT count(*)::int AS "schedules" FROM "reports"."report_schedules"`,
  )) as [{ schedules: number }];
  if (schedules > 0)
    return `There are already ${schedules} report schedules; the demo schedule was not added.`;
  const engineer = await demoEngineer();
  if (!engineer) return 'No Engineer on the roster may receive tasks; the demo schedule was not added.';
  const config = loadReportsConfig();
  const request = demoScheduleRequest(new Date().toISOString().slice(0, 10));
  const repository = new ReportSchedulesRepository(dataSource);
  const { id } = await dataSource.transaction((manager) =>
    repository.create(
      manager,
      { id: engineer._id, name: engineer.name, role: engineer.role, serviceNumber: engineer.serviceNumber },
      request,
    ),
  );
  const connection = bullConnection(config.redisUrl, 'caliber-reports-seed');
  const queue = new Queue<ReportQueueData>(REPORT_QUEUE, {
    connection,
    prefix: queuePrefix(config.databaseUrl),
  });
  try {
    await upsertScheduleJob(queue, id, 'monthly', config.timeZone);
  } finally {
    await queue.close();
    connection.disconnect();
  }
  return `Added a monthly report schedule for ${engineer.name} (compliance audit and downtime analysis, e-mailed).`;
}

const command = process.argv[2];
if (command !== 'seed:demo') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(command === '--help' ? 0 : 2);
}
runServiceCli('reports', reportsDatabase, async (dataSource) => {
  refuseDemoDataInProduction();
  return seedDemo(dataSource);
});
