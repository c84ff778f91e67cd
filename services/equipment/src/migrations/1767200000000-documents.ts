import { createDocumentsTable, dropDocumentsTable } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Documents and photos kept on devices, models and recalls (see StoredDocumentEntity). */
export class Documents1767200000000 implements MigrationInterface {
  name = 'Documents1767200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createDocumentsTable(queryRunner, 'equipment');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropDocumentsTable(queryRunner, 'equipment');
  }
}
