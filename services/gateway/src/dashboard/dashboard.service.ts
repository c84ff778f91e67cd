import { Inject, Injectable } from '@nestjs/common';
import {
  DOMAIN_SERVICE_NAMES,
  hasFullAccess,
  readsCosts,
  seesAllTasks,
  SUBJECTS,
  type DashboardCostOfService,
  type DashboardEquipment,
  type DashboardPart,
  type DashboardPm,
  type DashboardResponse,
  type DashboardSystem,
  type DashboardTasks,
  type DependencyHealth,
  type PmComplianceResponse,
  type SystemCheck,
} from '@caliber/contracts';
import { requestFromService, ServiceError, TimedMemo, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { HealthChecks, type HealthChecksResult } from '../health/health-checks';
import { SERVICE_CHANNEL } from '../identity/service-client';
import { RedisConnection } from '../redis/redis.provider';
import { DashboardFiguresCache } from './dashboard-figures-cache';

/** How long the dashboard waits for each part: a part later than this is said to be missing. */
export const DASHBOARD_PART_DEADLINE_MS = 3000;

/**
 * The Redis key the deployment's backup job sets, after each successful database backup, to the
 * time it finished (ISO 8601): `{REDIS_KEY_PREFIX}:backup:last-success-at`. The dashboard shows
 * it; without it the card says 'Not reported'.
 */
export function lastBackupKey(prefix: string): string {
  return `${prefix}:backup:last-success-at`;
}

/**
 * How long System Status reuses one round of health checks: every open dashboard refetches on
 * each inventory or task change, and probing every service for each would load them more than the
 * figures do. `GET /api/health` always probes afresh.
 */
export const SYSTEM_STATUS_REUSE_MS = 5000;

type Part<T> = { value: T } | { missing: string };

/**
 * Whose figures a person's tasks and PM parts are: the services give a Technician their own and
 * everyone else the department's, so those are the keys the figures may be shared under.
 */
export function figuresScope(user: { _id: string; role: string }): string {
  return seesAllTasks(user.role) ? 'department' : `own:${user._id}`;
}

function checkOf(health: DependencyHealth | undefined, what: string): SystemCheck {
  if (health?.status === 'up') return { ok: true, problem: null };
  return { ok: false, problem: `${what}: ${health?.error ?? 'not reported'}` };
}

/**
 * System Status as a role may see it: Engineers and Admins get what is wrong; everyone else only
 * which parts are OK and which are not, since the error texts name hosts, services and causes.
 */
export function systemFor(role: string, system: DashboardSystem): DashboardSystem {
  if (hasFullAccess(role)) return system;
  const bare = (check: SystemCheck): SystemCheck => ({ ok: check.ok, problem: null });
  return {
    details: false,
    database: bare(system.database),
    services: bare(system.services),
    live: bare(system.live),
    queue: bare(system.queue),
    lastBackupAt: system.lastBackupAt,
  };
}

/** System Status from the health checks: each line OK or what is wrong, never assumed. */
export function systemOf(checks: HealthChecksResult, lastBackupAt: string | null): DashboardSystem {
  const services = DOMAIN_SERVICE_NAMES.filter((name) => checks[name]?.status !== 'up');
  return {
    details: true,
    database: checkOf(checks['postgres'], 'PostgreSQL'),
    services:
      services.length === 0
        ? { ok: true, problem: null }
        : { ok: false, problem: `Not answering: ${services.join(', ')}` },
    live: checkOf(checks['nats'], 'Message bus'),
    queue: checkOf(checks['redis'], 'Redis'),
    lastBackupAt,
  };
}

/**
 * `GET /api/dashboard`, composed from the services that own each part, asked at once and each
 * given the same deadline: a part that fails or is late is null with the reason, and the rest
 * still arrive. Every request is signed for the person, so a Technician's task figures are theirs.
 */
@Injectable()
export class DashboardService {
  private readonly checks = new TimedMemo<HealthChecksResult>(SYSTEM_STATUS_REUSE_MS);

  constructor(
    @Inject(SERVICE_CHANNEL) private readonly channel: ServiceChannel,
    private readonly health: HealthChecks,
    private readonly redis: RedisConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly figures: DashboardFiguresCache,
  ) {}

  async compose(session: GatewaySession): Promise<DashboardResponse> {
    const scope = figuresScope(session.user);
    // After their own write, a person's visit is computed anew (and kept for the others after).
    const fresh = this.figures.takeWrite(session.user._id);
    const [equipment, tasks, pm, lastLogin, checks, lastBackupAt, costOfService] = await Promise.all([
      // The inventory's figures are the same for everyone.
      this.keptPart<DashboardEquipment>(
        fresh,
        'equipment',
        session,
        'equipment service',
        SUBJECTS.equipment.dashboard,
        {},
      ),
      this.keptPart<DashboardTasks>(
        fresh,
        `tasks:${scope}`,
        session,
        'maintenance service',
        SUBJECTS.maintenance.dashboard,
        {},
      ),
      this.keptPart<PmComplianceResponse>(
        fresh,
        `pm:${scope}`,
        session,
        'maintenance service',
        SUBJECTS.maintenance.compliance,
        {
          query: {},
        },
      ),
      this.part('identity service', () =>
        this.ask<{ at: string | null }>(session, 'identity service', SUBJECTS.identity.previousSignIn, {}),
      ),
      this.checks.get('all', () => this.health.run()),
      this.lastBackup(),
      // The cost of service is for those who read costs, the same for all of them: kept between
      // visits as the other figures are, but only once it is today's, so a card waiting for
      // today's sees it as soon as a worker has kept it.
      readsCosts(session.user.role)
        ? this.part('reports service', () =>
            this.figures.getKeptIf(
              'cost-of-service',
              () =>
                this.ask<DashboardCostOfService>(
                  session,
                  'reports service',
                  SUBJECTS.reports.dashboardCostOfService,
                  {},
                ),
              (answer) => answer.current,
            ),
          )
        : null,
    ]);
    const unavailable: Partial<Record<DashboardPart, string>> = {};
    const valueOf = <T>(name: DashboardPart, part: Part<T>): T | null => {
      if ('value' in part) return part.value;
      unavailable[name] = part.missing;
      return null;
    };
    const taskFigures = valueOf('tasks', tasks);
    const compliance = valueOf('pm', pm);
    const pmFigures: DashboardPm | null = compliance && {
      from: compliance.from,
      to: compliance.to,
      overall: compliance.overall,
      lifeSupport: compliance.lifeSupport,
    };
    return {
      equipment: valueOf('equipment', equipment),
      tasks: taskFigures,
      recentTasks: taskFigures?.recent ?? [],
      pm: pmFigures,
      ...(costOfService ? { costOfService: valueOf('costOfService', costOfService) } : {}),
      system: systemFor(session.user.role, systemOf(checks, lastBackupAt)),
      lastLogin: valueOf('lastLogin', lastLogin)?.at ?? null,
      unavailable,
    };
  }

  /**
   * A part from the figures kept between visits (`DashboardFiguresCache`) under `key`, else (or,
   * `fresh`, in any case) asked for now and kept. A failure is thrown through the cache, so it is
   * not kept.
   */
  private keptPart<T>(
    fresh: boolean,
    key: string,
    session: GatewaySession,
    label: string,
    subject: string,
    payload: unknown,
  ): Promise<Part<T>> {
    const ask = () => this.ask<T>(session, label, subject, payload);
    return this.part(label, () => (fresh ? this.figures.renew(key, ask) : this.figures.get(key, ask)));
  }

  /** One service's part, or why it is missing. */
  private async part<T>(label: string, asked: () => Promise<T>): Promise<Part<T>> {
    try {
      return { value: await asked() };
    } catch (error) {
      return {
        missing: error instanceof ServiceError ? error.message : `The ${label} cannot be reached right now.`,
      };
    }
  }

  private ask<T>(session: GatewaySession, label: string, subject: string, payload: unknown): Promise<T> {
    return requestFromService<T>(
      { ...this.channel, timeoutMs: DASHBOARD_PART_DEADLINE_MS },
      label,
      subject,
      payload,
      actingUserOf(session),
    );
  }

  /** The backup time the deployment reported, if it is a time; anything else is not a report. */
  private async lastBackup(): Promise<string | null> {
    try {
      const value = await this.redis.client.get(lastBackupKey(this.config.redisKeyPrefix));
      if (!value || Number.isNaN(Date.parse(value))) return null;
      return new Date(value).toISOString();
    } catch {
      return null;
    }
  }
}
