import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** Who changed what, when, from which value to which. Rows are only ever added. */
@Entity({ name: 'audit_log' })
@Index('audit_log_entity_idx', ['entity', 'entityId', 'at'])
export class AuditEntryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The user who acted, when a signed-in user did. */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  /** A readable name of the actor: a service number, `cli`, `seed` or `system`. */
  @Column({ name: 'actor_label', type: 'varchar', length: 64 })
  actorLabel!: string;

  /**
   * The principal whose signed statement carried the change: `gateway` for a signed-in person's
   * own request, a service's name when that service acted (for `actor_id`, or for itself). Null
   * for the command line and the seeds, which do not go through the bus.
   */
  @Column({ type: 'varchar', length: 40, nullable: true })
  service!: string | null;

  @Column({ type: 'varchar', length: 40 })
  entity!: string;

  @Column({ name: 'entity_id', type: 'varchar', length: 64 })
  entityId!: string;

  @Column({ type: 'varchar', length: 40 })
  action!: string;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  changes!: Record<string, FieldChange>;

  @CreateDateColumn({ type: 'timestamptz' })
  at!: Date;

  /** The device this change concerns, when it concerns one (a device, its task or PM plan). */
  @Column({ name: 'equipment_id', type: 'uuid', nullable: true })
  equipmentId!: string | null;

  /** The row's place in its schema's hash chain (`audit-chain.ts`): set by the database. */
  @Column({ name: 'chain_seq', type: 'bigint', insert: false, update: false, select: false })
  chainSeq!: string;

  @Column({ name: 'prev_hash', type: 'bytea', insert: false, update: false, select: false })
  prevHash!: Buffer;

  @Column({ name: 'row_hash', type: 'bytea', insert: false, update: false, select: false })
  rowHash!: Buffer;
}
