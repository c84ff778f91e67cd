import type { TaskStatus } from '@caliber/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every status a task has had, from its creation on (time to complete is computed from these). */
@Entity({ name: 'status_history' })
export class TaskStatusHistoryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'task_id', type: 'uuid' })
  taskId!: string;

  @Column({ name: 'from_status', type: 'varchar', length: 20, nullable: true })
  fromStatus!: TaskStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 20 })
  toStatus!: TaskStatus;

  @Column({ name: 'changed_at', type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;

  @Column({ name: 'changed_by_id', type: 'uuid', nullable: true })
  changedById!: string | null;

  @Column({ name: 'changed_by_name', type: 'varchar', length: 120, nullable: true })
  changedByName!: string | null;
}
