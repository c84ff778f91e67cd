import type { QueryRunner } from 'typeorm';

/**
 * Creates the `documents` table of a service's schema (see StoredDocumentEntity). A record's list
 * reads its live documents newest first through the partial index; the unique index on the
 * storage key keeps two rows from ever owning one file.
 */
export async function createDocumentsTable(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE "${schema}"."documents" (
      "id" uuid PRIMARY KEY,
      "target" varchar(20) NOT NULL,
      "target_id" varchar(300) NOT NULL,
      "purpose" varchar(20) NOT NULL,
      "file_name" varchar(160) NOT NULL,
      "media_type" varchar(120) NOT NULL,
      "bytes" bigint NOT NULL CHECK ("bytes" >= 0),
      "sha256" char(64) NOT NULL,
      "storage_key" varchar(200) NOT NULL UNIQUE,
      "thumbnail_key" varchar(200),
      "equipment_id" uuid,
      "added_by_id" uuid,
      "added_by_label" varchar(64) NOT NULL,
      "added_by_name" varchar(200) NOT NULL,
      "added_at" timestamptz NOT NULL DEFAULT now(),
      "removed_at" timestamptz,
      "removed_by_label" varchar(64)
    )`);
  await queryRunner.query(`
    CREATE INDEX "documents_target_idx" ON "${schema}"."documents" ("target", "target_id", "added_at" DESC, "id")
     WHERE "removed_at" IS NULL`);
}

export async function dropDocumentsTable(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TABLE IF EXISTS "${schema}"."documents"`);
}
