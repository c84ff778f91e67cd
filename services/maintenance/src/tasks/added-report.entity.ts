import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Another person's account of a fault already reported, added to its task (Report Issue). */
@Entity({ name: 'added_reports' })
export class AddedReportEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'task_id', type: 'uuid' })
  taskId!: string;

  @Column({ type: 'varchar', length: 4000 })
  text!: string;

  @Column({ name: 'reported_by_id', type: 'uuid', nullable: true })
  reportedById!: string | null;

  @Column({ name: 'reported_by_name', type: 'varchar', length: 120, nullable: true })
  reportedByName!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
