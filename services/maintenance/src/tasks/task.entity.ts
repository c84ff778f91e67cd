import type {
  IssueSeverity,
  PmInterval,
  PmType,
  TaskPriority,
  TaskStatus,
  TaskType,
} from '@caliber/contracts';
import { Column, Entity, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';

/** `numeric` comes back from pg as text; the API speaks numbers. */
const decimal = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** One maintenance task. People and the device are kept by id with the name they had then. */
@Entity({ name: 'tasks' })
export class TaskEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 4000 })
  description!: string;

  @Column({ name: 'task_type', type: 'varchar', length: 20 })
  taskType!: TaskType;

  @Column({ name: 'pm_type', type: 'varchar', length: 40, nullable: true })
  pmType!: PmType | null;

  @Column({ name: 'pm_interval', type: 'varchar', length: 20, nullable: true })
  pmInterval!: PmInterval | null;

  @Column({ type: 'varchar', length: 10 })
  priority!: TaskPriority;

  @Column({ type: 'varchar', length: 20 })
  status!: TaskStatus;

  @Column({ name: 'assigned_to_id', type: 'uuid', nullable: true })
  assignedToId!: string | null;

  @Column({ name: 'assigned_to_name', type: 'varchar', length: 120, nullable: true })
  assignedToName!: string | null;

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

  /** `YYYY-MM-DD`, never shifted by a time zone. */
  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate!: string | null;

  @Column({ name: 'completed_date', type: 'timestamptz', nullable: true })
  completedDate!: Date | null;

  @Column({ name: 'needs_certification', type: 'boolean', default: false })
  needsCertification!: boolean;

  @Column({ type: 'boolean', default: false })
  certified!: boolean;

  @Column({ name: 'certified_at', type: 'timestamptz', nullable: true })
  certifiedAt!: Date | null;

  @Column({ name: 'certified_by_id', type: 'uuid', nullable: true })
  certifiedById!: string | null;

  @Column({ name: 'certified_by_name', type: 'varchar', length: 120, nullable: true })
  certifiedByName!: string | null;

  @Column({ name: 'fault_description', type: 'varchar', length: 4000, nullable: true })
  faultDescription!: string | null;

  @Column({ name: 'repair_details', type: 'varchar', length: 4000, nullable: true })
  repairDetails!: string | null;

  @Column({ type: 'varchar', length: 4000, nullable: true })
  comments!: string | null;

  @Column({
    name: 'labour_hours',
    type: 'numeric',
    precision: 7,
    scale: 2,
    nullable: true,
    transformer: decimal,
  })
  labourHours!: number | null;

  /**
   * The role whose work the hours are (`labourRoleAfter`): they are priced at that role's rate.
   * Null without hours, and for hours recorded before roles were kept (unpriced).
   */
  @Column({ name: 'labour_role', type: 'varchar', length: 20, nullable: true })
  labourRole!: string | null;

  /** The version of the task's vendor charges (a list with its own lock: see vendor-charges.service). */
  @Column({ name: 'vendor_charges_version', type: 'integer', default: 0 })
  vendorChargesVersion!: number;

  @Column({ type: 'varchar', length: 120, nullable: true })
  location!: string | null;

  @Column({ name: 'reported_by_id', type: 'uuid', nullable: true })
  reportedById!: string | null;

  @Column({ name: 'reported_by_name', type: 'varchar', length: 120, nullable: true })
  reportedByName!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  severity!: IssueSeverity | null;

  /** The PM plan this task is an occurrence of, and which one (0 is the first). */
  @Column({ name: 'plan_id', type: 'uuid', nullable: true })
  planId!: string | null;

  @Column({ name: 'plan_occurrence', type: 'integer', nullable: true })
  planOccurrence!: number | null;

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
}

export { decimal };
