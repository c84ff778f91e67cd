import type { NotificationSettings, ReportDefaults, Role, Theme } from '@caliber/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  VersionColumn,
} from 'typeorm';

/** A rostered staff member. Only active ones may receive a sign-in code. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored upper-cased, so look-ups are case-insensitive. */
  @Column({ name: 'service_number', type: 'varchar', length: 32, unique: true })
  serviceNumber!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** The address in force. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /**
   * When the person proved `email` is theirs (a confirmation link opened); null for an address set
   * by anyone else or kept from before. A trigger clears it whenever the address changes otherwise.
   */
  @Column({ name: 'email_confirmed_at', type: 'timestamptz', nullable: true })
  emailConfirmedAt!: Date | null;

  /** The address the person asked for and has not confirmed yet (`email_changes`, state pending). */
  @Column({ name: 'pending_email', type: 'varchar', length: 254, nullable: true })
  pendingEmail!: string | null;

  @Column({ name: 'phone_number', type: 'varchar', length: 20 })
  phoneNumber!: string;

  @Column({ type: 'varchar', length: 20 })
  role!: Role;

  @Column({ type: 'varchar', length: 100 })
  department!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'pre_approved', type: 'boolean', default: false })
  preApproved!: boolean;

  @Column({ type: 'text', nullable: true })
  avatar!: string | null;

  @Column({ type: 'jsonb' })
  notifications!: NotificationSettings;

  @Column({ name: 'report_defaults', type: 'jsonb' })
  reportDefaults!: ReportDefaults;

  /** The theme chosen on any device; null follows each device's system setting. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  theme!: Theme | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  /** Set on the first successful verification: the moment the staff member registered. */
  @Column({ name: 'registered_at', type: 'timestamptz', nullable: true })
  registeredAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @VersionColumn({ type: 'integer' })
  version!: number;
}
