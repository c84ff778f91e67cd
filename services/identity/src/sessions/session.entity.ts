import type { SessionEndReason } from '@caliber/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One signed-in session: open until `endedAt`, and never past `expiresAt`. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** The last call the gateway reported (at most a cache period late): the idle clock. */
  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @Column({ name: 'end_reason', type: 'varchar', length: 20, nullable: true })
  endReason!: SessionEndReason | null;

  @Column({ name: 'client_address', type: 'varchar', length: 64 })
  clientAddress!: string;
}
