import type { EquipmentStatus } from '@caliber/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Every status an item has had, from its first insert on: downtime, uptime, MTTR and MTBF are
 * computed from these rows, so none may be missing.
 */
@Entity({ name: 'status_history' })
export class StatusHistoryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'equipment_id', type: 'uuid' })
  equipmentId!: string;

  @Column({ name: 'from_status', type: 'varchar', length: 20, nullable: true })
  fromStatus!: EquipmentStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 20 })
  toStatus!: EquipmentStatus;

  @Column({ name: 'changed_at', type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;

  @Column({ name: 'changed_by_id', type: 'uuid', nullable: true })
  changedById!: string | null;

  @Column({ name: 'changed_by_name', type: 'varchar', length: 120, nullable: true })
  changedByName!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reason!: string | null;

  @Column({ name: 'task_id', type: 'uuid', nullable: true })
  taskId!: string | null;
}
