import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox row remembers the request that wrote it: its W3C trace context and request id
 * (`{traceparent, tracestate, requestId}`), so its delivery, seconds or hours later, is traced and
 * logged as part of that request. Nullable: rows written before, or by the previous release,
 * have none and are delivered as their own trace.
 */
export class OutboxTraceContext1765900000000 implements MigrationInterface {
  name = 'OutboxTraceContext1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "maintenance"."task_effects_outbox" ADD COLUMN "trace_context" jsonb`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "maintenance"."task_effects_outbox" DROP COLUMN "trace_context"`);
  }
}
