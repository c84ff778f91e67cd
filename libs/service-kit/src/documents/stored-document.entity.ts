import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A document or photo kept on a record: what it is, where its bytes are, and who added it when.
 * Each service that keeps documents has this table in its own schema (the data source's schema
 * names it). A removed document keeps its row (who removed it, when) and its audit rows; its
 * bytes are deleted.
 */
@Entity({ name: 'documents' })
export class StoredDocumentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** The kind of record: `device`, `model`, `recall`, `task`, `safety-test`. */
  @Column({ type: 'varchar', length: 20 })
  target!: string;

  /** The record's id; for a model, its key (manufacturer and model, folded). */
  @Column({ name: 'target_id', type: 'varchar', length: 300 })
  targetId!: string;

  @Column({ type: 'varchar', length: 20 })
  purpose!: string;

  @Column({ name: 'file_name', type: 'varchar', length: 160 })
  fileName!: string;

  @Column({ name: 'media_type', type: 'varchar', length: 120 })
  mediaType!: string;

  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  bytes!: number;

  @Column({ type: 'char', length: 64 })
  sha256!: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 200 })
  storageKey!: string;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 200, nullable: true })
  thumbnailKey!: string | null;

  /** The device the record concerns, for the audit viewer's device filter (null for a model or recall). */
  @Column({ name: 'equipment_id', type: 'uuid', nullable: true })
  equipmentId!: string | null;

  @Column({ name: 'added_by_id', type: 'uuid', nullable: true })
  addedById!: string | null;

  @Column({ name: 'added_by_label', type: 'varchar', length: 64 })
  addedByLabel!: string;

  /** Their name when they added it, for the list (a service number tells a colleague little). */
  @Column({ name: 'added_by_name', type: 'varchar', length: 200 })
  addedByName!: string;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt!: Date;

  @Column({ name: 'removed_at', type: 'timestamptz', nullable: true })
  removedAt!: Date | null;

  @Column({ name: 'removed_by_label', type: 'varchar', length: 64, nullable: true })
  removedByLabel!: string | null;
}
