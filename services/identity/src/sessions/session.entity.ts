import type { SessionEndReason, SignInMethod } from '@caliber/contracts';
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

  @Column({ type: 'varchar', length: 16, default: 'code' })
  method!: SignInMethod;

  /** The identity provider of a single sign-on session. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  provider!: string | null;

  /** The provider's ID token: the hint its sign-out asks for. */
  @Column({ name: 'provider_id_token', type: 'text', nullable: true })
  providerIdToken!: string | null;

  /** The provider's refresh token, sealed (`sealed.ts`): identity asks the provider again with it. */
  @Column({ name: 'provider_refresh_token', type: 'text', nullable: true })
  providerRefreshToken!: string | null;

  /** When the provider last confirmed the person still belongs (sign-in, then each re-check). */
  @Column({ name: 'provider_checked_at', type: 'timestamptz', nullable: true })
  providerCheckedAt!: Date | null;
}
