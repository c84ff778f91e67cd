import { auditServiceColumnSql } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audit rows say which principal's signed statement carried each change (`gateway` for a
 * signed-in person, a service acting on its own or on someone's behalf), next to who acted.
 */
export class AuditService1764400000000 implements MigrationInterface {
  name = 'AuditService1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(auditServiceColumnSql('equipment'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "equipment"."audit_log" DROP COLUMN "service"`);
  }
}
