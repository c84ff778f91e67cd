import type { PmInterval, PmType, ScheduleBasis, TaskPriority } from '@caliber/contracts';
import { Column, Entity, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';
import { decimal } from '../tasks/task.entity';

/** Recurring preventive work on one device; the device and people are kept with their names. */
@Entity({ name: 'pm_plans' })
export class PmPlanEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'equipment_id', type: 'uuid' })
  equipmentId!: string;

  @Column({ name: 'equipment_name', type: 'varchar', length: 120 })
  equipmentName!: string;

  @Column({ name: 'equipment_serial', type: 'varchar', length: 64 })
  equipmentSerial!: string;

  @Column({ name: 'equipment_department', type: 'varchar', length: 100 })
  equipmentDepartment!: string;

  @Column({ name: 'equipment_category', type: 'varchar', length: 40 })
  equipmentCategory!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 4000, default: '' })
  description!: string;

  @Column({ name: 'pm_type', type: 'varchar', length: 40 })
  pmType!: PmType;

  @Column({ type: 'varchar', length: 20 })
  interval!: PmInterval;

  @Column({
    name: 'estimated_hours',
    type: 'numeric',
    precision: 6,
    scale: 1,
    nullable: true,
    transformer: decimal,
  })
  estimatedHours!: number | null;

  @Column({ name: 'assigned_to_id', type: 'uuid', nullable: true })
  assignedToId!: string | null;

  @Column({ name: 'assigned_to_name', type: 'varchar', length: 120, nullable: true })
  assignedToName!: string | null;

  @Column({ type: 'varchar', length: 10 })
  priority!: TaskPriority;

  @Column({ name: 'first_due_date', type: 'date' })
  firstDueDate!: string;

  /** Occurrence `anchorOccurrence` falls due on `anchorDate`; each later one an interval after. */
  @Column({ name: 'anchor_date', type: 'date' })
  anchorDate!: string;

  @Column({ name: 'anchor_occurrence', type: 'integer', default: 0 })
  anchorOccurrence!: number;

  /** The next occurrence not created yet, and its due date. */
  @Column({ name: 'next_occurrence', type: 'integer', default: 0 })
  nextOccurrence!: number;

  @Column({ name: 'next_due_date', type: 'date' })
  nextDueDate!: string;

  @Column({ name: 'schedule_basis', type: 'varchar', length: 40 })
  scheduleBasis!: ScheduleBasis;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  justification!: string | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

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

  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt!: Date | null;

  @Column({ name: 'retired_by_id', type: 'uuid', nullable: true })
  retiredById!: string | null;

  @Column({ name: 'retired_by_name', type: 'varchar', length: 120, nullable: true })
  retiredByName!: string | null;

  @Column({ name: 'retire_reason', type: 'varchar', length: 500, nullable: true })
  retireReason!: string | null;

  @VersionColumn({ type: 'integer' })
  version!: number;
}
