import type { EquipmentStatus, RiskClass } from '@caliber/contracts';
import { Column, Entity, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';

/** One device of the inventory. Deleted items keep their row (`deletedAt`) for history and audit. */
@Entity({ name: 'equipment' })
export class EquipmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 120 })
  manufacturer!: string;

  @Column({ type: 'varchar', length: 120 })
  model!: string;

  @Column({ name: 'serial_number', type: 'varchar', length: 64 })
  serialNumber!: string;

  @Column({ type: 'varchar', length: 100 })
  department!: string;

  @Column({ type: 'varchar', length: 120 })
  location!: string;

  /** `YYYY-MM-DD`: pg's `date` comes back as text, never shifted by a time zone. */
  @Column({ name: 'installation_date', type: 'date' })
  installationDate!: string;

  @Column({ name: 'warranty_expiry', type: 'date', nullable: true })
  warrantyExpiry!: string | null;

  @Column({ type: 'varchar', length: 20 })
  status!: EquipmentStatus;

  @Column({ type: 'varchar', length: 40 })
  category!: string;

  /** The GS1 UDI (human-readable form); the four columns after it are read from it, never set alone. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  udi!: string | null;

  @Column({ type: 'varchar', length: 14, nullable: true })
  gtin!: string | null;

  @Column({ name: 'lot_number', type: 'varchar', length: 20, nullable: true })
  lotNumber!: string | null;

  @Column({ name: 'expiry_date', type: 'date', nullable: true })
  expiryDate!: string | null;

  @Column({ name: 'manufacture_date', type: 'date', nullable: true })
  manufactureDate!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'created_by_id', type: 'uuid', nullable: true })
  createdById!: string | null;

  @Column({ name: 'created_by_name', type: 'varchar', length: 120, nullable: true })
  createdByName!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'updated_by_id', type: 'uuid', nullable: true })
  updatedById!: string | null;

  @Column({ name: 'updated_by_name', type: 'varchar', length: 120, nullable: true })
  updatedByName!: string | null;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @Column({ name: 'deleted_by_id', type: 'uuid', nullable: true })
  deletedById!: string | null;

  @VersionColumn({ type: 'integer' })
  version!: number;

  // The risk assessment: the four scores are null together while the item is not assessed.
  @Column({ name: 'risk_function', type: 'smallint', nullable: true })
  riskFunction!: number | null;

  @Column({ name: 'risk_physical', type: 'smallint', nullable: true })
  riskPhysical!: number | null;

  @Column({ name: 'risk_maintenance', type: 'smallint', nullable: true })
  riskMaintenance!: number | null;

  @Column({ name: 'risk_incidents', type: 'smallint', nullable: true })
  riskIncidents!: number | null;

  @Column({ name: 'risk_total', type: 'smallint', nullable: true })
  riskTotal!: number | null;

  @Column({ name: 'risk_class', type: 'varchar', length: 10, nullable: true })
  riskClass!: RiskClass | null;

  @Column({ name: 'high_risk', type: 'boolean', default: false })
  highRisk!: boolean;

  @Column({ name: 'life_support', type: 'boolean', default: false })
  lifeSupport!: boolean;

  @Column({ name: 'in_pm_program', type: 'boolean', default: false })
  inPmProgram!: boolean;

  @Column({ name: 'assessed_at', type: 'timestamptz', nullable: true })
  assessedAt!: Date | null;

  @Column({ name: 'assessed_by_id', type: 'uuid', nullable: true })
  assessedById!: string | null;

  @Column({ name: 'assessed_by_name', type: 'varchar', length: 120, nullable: true })
  assessedByName!: string | null;

  /**
   * Recall actions on this device still open: kept by the recall writes in their own transaction,
   * so the inventory list shows the badge and filters on it without a join.
   */
  @Column({ name: 'open_recall_actions', type: 'integer', default: 0 })
  openRecallActions!: number;
}
