import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ActingUser, TaskEffectKind } from '@caliber/contracts';
import {
  captureCarrier,
  carrierOf,
  detached,
  runContinued,
  ServiceError,
  SpanKind,
} from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { MAINTENANCE_CONFIG, type MaintenanceConfig } from '../config';
import { EquipmentPeer } from '../peers/peers.client';
import { LOGGER } from '../tokens';

/** One effect still to deliver, as the claim returns it. */
interface OutboxRow {
  id: string;
  task_id: string;
  kind: TaskEffectKind;
  equipment_id: string;
  task_title: string;
  return_to_service: boolean;
  acting_user: ActingUser;
  attempts: number;
  /** The request that wrote the row (`TraceCarrier`), when it had a trace or an id. */
  trace_context: unknown;
}

/** While one replica delivers a claimed row, the others leave it alone for this long. */
const LEASE_SECONDS = 30;
const BATCH = 20;
const MAX_BACKOFF_SECONDS = 60;

/**
 * Serialises, per device, the transactions that write its effects (until they commit): effects
 * are then written in the order they are committed, and a certification sees every fault
 * reported on the device before it.
 */
export async function lockDevice(manager: EntityManager, equipmentId: string): Promise<void> {
  await manager.query(DEVICE_LOCK_SQL, [deviceLockKey(equipmentId)]);
}

/** The device lock's key and statement, for a caller that takes it among others in one order. */
export const deviceLockKey = (equipmentId: string) => `device:${equipmentId}`;
export const DEVICE_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`;

/** The `trace_context` of a row written now: SQL NULL outside any request and trace. */
function traceContextColumn(): string | null {
  const carrier = captureCarrier();
  return carrier ? JSON.stringify(carrier) : null;
}

/**
 * Writes a task's effect on the inventory in the caller's transaction: it exists if and only if
 * the change that causes it was committed, once per task and kind. It records the request's trace
 * context and id, which its delivery continues.
 */
export async function enqueueTaskEffect(
  manager: EntityManager,
  effect: {
    taskId: string;
    kind: TaskEffectKind;
    equipmentId: string;
    taskTitle: string;
    returnToService?: boolean;
    user: ActingUser;
  },
): Promise<void> {
  await manager.query(
    `INSERT INTO "maintenance"."task_effects_outbox"
       ("task_id", "kind", "equipment_id", "task_title", "return_to_service", "acting_user", "trace_context")
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT ("task_id", "kind") DO NOTHING`,
    [
      effect.taskId,
      effect.kind,
      effect.equipmentId,
      effect.taskTitle.slice(0, 400),
      effect.returnToService ?? true,
      JSON.stringify(effect.user),
      traceContextColumn(),
    ],
  );
}

/**
 * Delivers the outbox to the equipment service until it confirms each effect, whatever was down
 * when the task changed (equipment, NATS, this process). Only an answer that the service is not
 * available is tried again; a refusal (the device's effect is not valid) is recorded as failed
 * with its reason and logged as an error, and the device's later effects go on. Every replica runs
 * one; a claimed row is leased, so two replicas do not send it at once, and equipment applies each
 * task and kind once anyway. Effects on one device go in the order they were committed (the
 * transactions that write them hold the device's lock, `lockDevice`): a row waits while an older one
 * for the same device is undelivered (a fault reported, then its repair certified, must not
 * arrive the other way round).
 */
@Injectable()
export class TaskEffectsRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly equipment: EquipmentPeer,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(MAINTENANCE_CONFIG) private readonly config: MaintenanceConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.config.outboxPollMs);
    this.kick();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Delivers what is due now; called after each commit that enqueued an effect, and on a timer. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    // A pass delivers every due row, whoever wrote it: it is not part of the request whose commit
    // woke it (each row's delivery joins its own request, `deliver`).
    void detached(() => this.drain())
      .catch((error: unknown) =>
        this.logger.warn({ error: (error as Error).message }, 'outbox relay pass failed'),
      )
      .finally(() => {
        this.running = false;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const rows = await this.claim();
      if (rows.length === 0) return;
      await Promise.all(rows.map((row) => this.deliver(row)));
    }
  }

  private async claim(): Promise<OutboxRow[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "maintenance"."task_effects_outbox" o
          SET "next_attempt_at" = now() + make_interval(secs => $1), "attempts" = o."attempts" + 1
        WHERE o."id" IN (
          SELECT p."id" FROM "maintenance"."task_effects_outbox" p
           WHERE p."delivered_at" IS NULL AND p."failed_at" IS NULL AND p."next_attempt_at" <= now()
             AND NOT EXISTS (
               SELECT 1 FROM "maintenance"."task_effects_outbox" e
                WHERE e."equipment_id" = p."equipment_id" AND e."delivered_at" IS NULL
                  AND e."failed_at" IS NULL AND e."id" < p."id")
           ORDER BY p."id" LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING o."id", o."task_id", o."kind", o."equipment_id", o."task_title", o."return_to_service",
                  o."acting_user", o."attempts", o."trace_context"`,
      [LEASE_SECONDS, BATCH],
    )) as [OutboxRow[], number];
    return rows;
  }

  /**
   * One delivery, as a span that is a child of the request that wrote the row (so a certification
   * is one trace from the click to the equipment's new status) and inside its request id.
   */
  private deliver(row: OutboxRow): Promise<void> {
    return runContinued(
      carrierOf(row.trace_context),
      {
        name: `outbox deliver ${row.kind}`,
        kind: SpanKind.INTERNAL,
        attributes: { 'caliber.outbox.attempt': row.attempts, 'caliber.task_effect': row.kind },
      },
      () => this.attempt(row),
    );
  }

  private async attempt(row: OutboxRow): Promise<void> {
    try {
      const result = await this.equipment.applyTaskEffect(row.acting_user, {
        taskId: row.task_id,
        kind: row.kind,
        equipmentId: row.equipment_id,
        taskTitle: row.task_title,
        returnToService: row.return_to_service,
      });
      await this.dataSource.query(
        `UPDATE "maintenance"."task_effects_outbox" SET "delivered_at" = now(), "last_error" = NULL WHERE "id" = $1`,
        [row.id],
      );
      this.logger.info(
        { taskId: row.task_id, kind: row.kind, applied: result.applied, status: result.status },
        'task effect delivered',
      );
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      if (error instanceof ServiceError && error.code !== 'SERVICE_UNAVAILABLE') {
        // Refused for good (the effect is not valid for the equipment service): trying again
        // would refuse again and hold back every later effect on this device.
        await this.dataSource
          .query(
            `UPDATE "maintenance"."task_effects_outbox" SET "failed_at" = now(), "last_error" = $2 WHERE "id" = $1`,
            [row.id, `${error.code}: ${message}`.slice(0, 500)],
          )
          .catch(() => undefined);
        this.logger.error(
          { taskId: row.task_id, kind: row.kind, code: error.code, error: message },
          'task effect refused by the equipment service; not retried',
        );
        return;
      }
      const backoff = Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.max(0, row.attempts - 1));
      await this.dataSource
        .query(
          `UPDATE "maintenance"."task_effects_outbox"
              SET "next_attempt_at" = now() + make_interval(secs => $2), "last_error" = $3 WHERE "id" = $1`,
          [row.id, backoff, message],
        )
        .catch(() => undefined);
      this.logger.warn(
        {
          taskId: row.task_id,
          kind: row.kind,
          attempts: row.attempts,
          retryInSeconds: backoff,
          error: message,
        },
        'task effect not delivered yet',
      );
    }
  }
}
