import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What became of a confirmation mail: `sending` until it has left (a mail that could not be sent
 * is deleted, and changes nothing), `pending` while its link may be opened (one per person at
 * most), then `confirmed`, `cancelled` by the person, or `replaced` by a newer change or a change
 * of the address by anyone else.
 */
export const EMAIL_CHANGE_STATES = ['sending', 'pending', 'confirmed', 'cancelled', 'replaced'] as const;
export type EmailChangeState = (typeof EMAIL_CHANGE_STATES)[number];

/**
 * One confirmation mail: the address it asks the person to confirm, and its link's token as a
 * SHA-256 hash only (the token itself is in the mail and nowhere else).
 */
@Entity({ name: 'email_changes' })
@Index('email_changes_user_created_idx', ['userId', 'createdAt'])
export class EmailChangeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 254 })
  address!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 10 })
  state!: EmailChangeState;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;
}
