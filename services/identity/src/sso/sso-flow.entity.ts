import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A single sign-on begun and not yet finished; taken (deleted) by the first answer naming it. */
@Entity({ name: 'sso_flows' })
export class SsoFlowEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  state!: string;

  @Column({ type: 'varchar', length: 32 })
  provider!: string;

  @Column({ type: 'varchar', length: 64 })
  nonce!: string;

  @Column({ name: 'code_verifier', type: 'varchar', length: 128 })
  codeVerifier!: string;

  /** SHA-256 (hex) of the value in the browser's cookie. */
  @Column({ name: 'browser_binding', type: 'char', length: 64 })
  browserBinding!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
