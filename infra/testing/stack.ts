import type { DynamicModule, INestApplication } from '@nestjs/common';
import { domainService, QUEUE_GROUPS, type DomainServiceName, type NewStaffInput } from '@caliber/contracts';
import { NestFactory } from '@nestjs/core';
import {
  bootstrapService,
  createLogger,
  PinoNestLogger,
  type LogLevel,
  type NatsSettings,
} from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { loadEquipmentConfig } from '../../services/equipment/src/config';
import { EquipmentModule } from '../../services/equipment/src/equipment.module';
import { createGatewayApp } from '../../services/gateway/src/app';
import { loadGatewayConfig } from '../../services/gateway/src/config';
import { loadIdentityConfig } from '../../services/identity/src/config';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { loadMaintenanceConfig } from '../../services/maintenance/src/config';
import { MaintenanceModule, type MaintenanceRun } from '../../services/maintenance/src/maintenance.module';
import { loadNotificationsConfig } from '../../services/notifications/src/config';
import { NotificationsModule } from '../../services/notifications/src/notifications.module';
import { loadReportsConfig } from '../../services/reports/src/config';
import { ReportsModule } from '../../services/reports/src/reports.module';
import { ReportsWorkerModule } from '../../services/reports/src/worker.module';
import { addStaff, setStaffActive } from '../../services/identity/src/roster/roster';
import { SessionsService } from '../../services/identity/src/sessions/sessions.service';
import { smsOutboxPath } from '@caliber/service-kit';
import { natsUserEnv } from '@caliber/local-stack';
import { testNatsUsers } from './nats-users';
import { testKeyEnv } from './statement-keys';
import {
  latestCode,
  mailOutboxPath,
  readMailOutbox,
  readOutbox,
  signInThroughApi,
  type MailOutboxLine,
  type OutboxLine,
} from './outbox';
import {
  EQUIPMENT_SOURCE_FILE_WORKER,
  IDENTITY_SOURCE_FILE_WORKER,
  MAINTENANCE_SOURCE_FILE_WORKER,
} from './file-worker-thread';
import { serviceDataSource } from './service-databases';

/** Test secrets: long enough for the configuration rules, never used outside tests. */
export const TEST_ENV = {
  OTP_PEPPER: 'test-pepper-0123456789abcdef0123456789abcdef',
  JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
  LOG_LEVEL: 'silent',
  NATS_REQUEST_TIMEOUT_MS: '1500',
} as const;

export function testEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...TEST_ENV, ...overrides };
}

interface ServiceModule {
  module: DynamicModule;
  logLevel: LogLevel;
  nats: NatsSettings;
}

/**
 * How the harness builds each domain service's Nest module from an environment, by its registry
 * name. The type asks for an entry for every service of `DOMAIN_SERVICES`.
 */
const SERVICE_MODULES: Record<
  DomainServiceName,
  (env: NodeJS.ProcessEnv, options: StartOptions) => ServiceModule
> = {
  identity(env) {
    const config = loadIdentityConfig(env);
    return {
      ...config,
      // The service's file workers run its worker entry from source (a build runs the bundled one).
      module: IdentityModule.forRoot(config, createLogger('identity', config.logLevel), {
        fileWorkerThread: IDENTITY_SOURCE_FILE_WORKER,
      }),
    };
  },
  equipment(env) {
    const config = loadEquipmentConfig(env);
    // The service's file workers run its worker entry from source (a build runs the bundled one).
    return {
      ...config,
      module: EquipmentModule.forRoot(config, createLogger('equipment', config.logLevel), {
        fileWorkerThread: EQUIPMENT_SOURCE_FILE_WORKER,
      }),
    };
  },
  maintenance(env, { maintenance }) {
    const config = loadMaintenanceConfig(env);
    return {
      ...config,
      // The service's file workers run its worker entry from source (a build runs the bundled one).
      module: MaintenanceModule.forRoot(config, createLogger('maintenance', config.logLevel), {
        fileWorkerThread: MAINTENANCE_SOURCE_FILE_WORKER,
        ...maintenance,
      }),
    };
  },
  reports(env) {
    const config = loadReportsConfig(env);
    return { ...config, module: ReportsModule.forRoot(config, createLogger('reports', config.logLevel)) };
  },
  notifications(env) {
    const config = loadNotificationsConfig(env);
    return {
      ...config,
      module: NotificationsModule.forRoot(config, createLogger('notifications', config.logLevel)),
    };
  },
};

/** How a test starts a domain service, besides its environment. */
export interface StartOptions {
  /** A notifying service that resumes where it left off rather than from now. */
  keepPositions?: boolean;
  /** The maintenance service's run (another file worker entry, for a test of a new file format). */
  maintenance?: MaintenanceRun;
}

/** A domain service as production runs it (NATS queue group, health port), on loopback. */
export async function startDomainService(
  name: DomainServiceName,
  overrides: Record<string, string> = {},
  options: StartOptions = {},
): Promise<INestApplication> {
  const { keepPositions = false } = options;
  // A notifying service started by a test is told of that test's activity only (`notifyFromNow`).
  if (name === 'notifications' && !keepPositions) await notifyFromNow();
  const env = testEnv({
    [domainService(name).healthPortVariable]: '0',
    ...natsUserEnv(testNatsUsers(), name),
    ...testKeyEnv(name),
    ...overrides,
  });
  const { module, logLevel, nats } = SERVICE_MODULES[name](env, options);
  return bootstrapService({
    module,
    logger: createLogger(name, logLevel),
    nats,
    queue: QUEUE_GROUPS[name],
    healthPort: 0,
    healthHost: '127.0.0.1',
  });
}

export const startEquipment = (overrides: Record<string, string> = {}) =>
  startDomainService('equipment', overrides);
export const startIdentity = (overrides: Record<string, string> = {}) =>
  startDomainService('identity', overrides);
export const startMaintenance = (overrides: Record<string, string> = {}, run: MaintenanceRun = {}) =>
  startDomainService('maintenance', overrides, { maintenance: run });
export const startReports = (overrides: Record<string, string> = {}) =>
  startDomainService('reports', overrides);
export const startNotifications = (overrides: Record<string, string> = {}) =>
  startDomainService('notifications', overrides);

/**
 * The notifying service told only of what happens from now on: its feed positions moved to the
 * heads of the audit chains it follows, so the activity earlier test files wrote in the shared
 * database is not turned into notifications (and e-mails) of its own.
 */
async function notifyFromNow(): Promise<void> {
  const rows = await serviceDataSource('notifications');
  try {
    for (const source of ['maintenance', 'equipment'])
      await rows.query(
        `INSERT INTO "notifications"."feed_positions" ("feed", "position")
         SELECT $1, coalesce(max("chain_seq"), 0) FROM "${source}"."audit_log"
         ON CONFLICT ("feed") DO UPDATE SET "position" = EXCLUDED."position"`,
        [`${source}.activity`],
      );
  } finally {
    await rows.destroy();
  }
}

/** The notifying service started again where it left off (a restart, not a first start). */
export const restartNotifications = (overrides: Record<string, string> = {}) =>
  startDomainService('notifications', overrides, { keepPositions: true });

/** A report worker as `worker.js` runs it (the reports service's NATS user and key), on loopback. */
export async function startReportsWorker(overrides: Record<string, string> = {}): Promise<INestApplication> {
  const env = testEnv({
    REPORTS_WORKER_HEALTH_PORT: '0',
    ...natsUserEnv(testNatsUsers(), 'reports'),
    ...testKeyEnv('reports'),
    ...overrides,
  });
  const config = loadReportsConfig(env);
  const logger = createLogger('reports-worker', config.logLevel);
  const app = await NestFactory.create(ReportsWorkerModule.forRoot(config, logger), {
    logger: new PinoNestLogger(logger),
  });
  await app.listen(0, '127.0.0.1');
  return app;
}

export interface RunningGateway {
  app: INestApplication;
  url: string;
}

export async function startGateway(overrides: Record<string, string> = {}): Promise<RunningGateway> {
  const config = loadGatewayConfig(
    testEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      ...natsUserEnv(testNatsUsers(), 'gateway'),
      ...testKeyEnv('gateway'),
      ...overrides,
    }),
  );
  const app = await createGatewayApp(config, createLogger('gateway', config.logLevel));
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url };
}

/** Runs identity's idle-session sweep now (it runs every 30 s on its own); answers how many ended. */
export function endIdleSessions(identity: INestApplication): Promise<number> {
  return identity.get(SessionsService).endIdleSessions();
}

/** A direct connection to identity's schema, for arranging and inspecting rows. */
export const identityDataSource = (): Promise<DataSource> => serviceDataSource('identity');

let counter = 0;
/** A service number no other test uses. */
export function uniqueServiceNumber(prefix = 'T'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`.toUpperCase().slice(0, 32);
}

export async function rosterStaff(dataSource: DataSource, staff: Partial<NewStaffInput> = {}) {
  const serviceNumber = staff.serviceNumber ?? uniqueServiceNumber();
  return dataSource.transaction((manager) =>
    addStaff(
      manager,
      {
        serviceNumber,
        name: 'Test Person',
        phoneNumber: '+15550100999',
        role: 'Technician',
        department: 'TSEU',
        ...staff,
      },
      { id: null, label: 'test' },
    ),
  );
}

/**
 * Moves a person's sign-in codes a minute into the past, so the 30-second resend pause is not in
 * the way of a test that asks for another code.
 */
export async function skipResendPause(dataSource: DataSource, userId: string): Promise<void> {
  await dataSource.query(
    `UPDATE "identity"."otp_challenges" SET "created_at" = "created_at" - interval '1 minute' WHERE "user_id" = $1`,
    [userId],
  );
}

/** Activates or deactivates a rostered person, as the identity CLI does. */
export function setRosterActive(dataSource: DataSource, serviceNumber: string, active: boolean) {
  return setStaffActive(dataSource, serviceNumber, active, { id: null, label: 'test' });
}

const outboxPath = () => smsOutboxPath(process.env['DATA_DIR'] ?? '.data');

export function outboxMessages(serviceNumber: string): Promise<OutboxLine[]> {
  return readOutbox(outboxPath(), serviceNumber);
}

/** The messages identity (or reports) wrote to the development mail outbox for an address. */
export function mailsTo(address: string): Promise<MailOutboxLine[]> {
  return readMailOutbox(mailOutboxPath(process.env['DATA_DIR'] ?? '.data'), address);
}

/**
 * Marks a person's roster address confirmed, as opening a confirmation link does: for tests about
 * what a confirmed address may receive, not about confirming it.
 */
export async function markEmailConfirmed(dataSource: DataSource, userId: string): Promise<void> {
  await dataSource.query(`UPDATE "identity"."users" SET "email_confirmed_at" = now() WHERE "id" = $1`, [
    userId,
  ]);
}

/** The code of the newest SMS sent to a service number, read from the development outbox. */
export function latestOtp(serviceNumber: string): Promise<string> {
  return latestCode(outboxPath(), serviceNumber);
}

/** Signs a rostered person in through the gateway and answers the session token. */
export async function signIn(gatewayUrl: string, serviceNumber: string): Promise<string> {
  return (await signInThroughApi(gatewayUrl, serviceNumber, outboxPath())).token;
}

export interface SignInStack {
  db: DataSource;
  gateway: RunningGateway;
  identity: INestApplication;
}

/** A direct connection to the equipment schema, for inspecting rows. */
export const equipmentDataSource = (): Promise<DataSource> => serviceDataSource('equipment');

/**
 * Identity and a gateway for one test file, started before its tests and closed after them. The
 * returned object is filled in `beforeAll`; read its fields inside tests. `identityEnv` is read
 * when identity starts, so it may name what an earlier `beforeAll` started (an identity provider).
 */
export function useSignInStack(
  redisPrefix: string,
  gatewayEnv: Record<string, string> = {},
  identityEnv: () => Record<string, string> = () => ({}),
): SignInStack {
  const stack = {} as SignInStack;
  beforeAll(async () => {
    stack.db = await identityDataSource();
    stack.identity = await startIdentity(identityEnv());
    stack.gateway = await startGateway({ REDIS_KEY_PREFIX: `${redisPrefix}-${Date.now()}`, ...gatewayEnv });
  });
  afterAll(async () => {
    await stack.gateway.app.close();
    await stack.identity.close();
    await stack.db.destroy();
  });
  return stack;
}
