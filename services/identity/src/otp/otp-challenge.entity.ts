import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Why a code was ended before use: the account changed after it was sent. */
export type OtpWithdrawnReason = 'phone-changed' | 'deactivated' | 'role-changed';

/**
 * One code sent to one staff member. Only the newest challenge of a user counts; the code itself
 * is never stored, only its keyed hash.
 */
@Entity({ name: 'otp_challenges' })
@Index('otp_challenges_user_created_idx', ['userId', 'createdAt'])
export class OtpChallengeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  /**
   * When the code was ended before use because the account changed after it was sent (its phone,
   * its activity, its role: a trigger of the users table sets it), and why.
   */
  @Column({ name: 'withdrawn_at', type: 'timestamptz', nullable: true })
  withdrawnAt!: Date | null;

  @Column({ name: 'withdrawn_reason', type: 'varchar', length: 20, nullable: true })
  withdrawnReason!: OtpWithdrawnReason | null;

  @Column({ name: 'requested_from', type: 'varchar', length: 64 })
  requestedFrom!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
