import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { decimal } from './task.entity';

/** A spare part used on a task, in the order the work record lists them. */
@Entity({ name: 'spare_parts' })
export class SparePartEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'task_id', type: 'uuid' })
  taskId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'varchar', length: 500, default: '' })
  description!: string;

  @Column({
    name: 'unit_cost',
    type: 'numeric',
    precision: 12,
    scale: 2,
    nullable: true,
    transformer: decimal,
  })
  unitCost!: number | null;

  /** The vendor it was bought from (equipment's vendor list), when recorded. */
  @Column({ name: 'supplier_vendor_id', type: 'uuid', nullable: true })
  supplierId!: string | null;

  /** That vendor's name when it was recorded, as on its invoice. */
  @Column({ name: 'supplier_name', type: 'varchar', length: 120, nullable: true })
  supplierName!: string | null;
}
