import type {
  AppliedPartMeasurement,
  AppliedPartMethod,
  LeakageMethod,
  ProtectionClass,
  SafetyEvaluation,
  SafetyResult,
  SafetyTestSource,
  VisualInspectionResult,
} from '@caliber/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One electrical-safety test of one device (see the migration SafetyTests1765600000000). */
@Entity({ name: 'safety_tests' })
export class SafetyTestEntity {
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

  @Column({ name: 'tested_on', type: 'date' })
  testedOn!: string;

  @Column({ name: 'tester_name', type: 'varchar', length: 120 })
  testerName!: string;

  @Column({ type: 'varchar', length: 120 })
  instrument!: string;

  @Column({ name: 'instrument_calibrated_on', type: 'date', nullable: true })
  instrumentCalibratedOn!: string | null;

  @Column({ name: 'protection_class', type: 'varchar', length: 20 })
  protectionClass!: ProtectionClass;

  @Column({ name: 'leakage_method', type: 'varchar', length: 12 })
  leakageMethod!: LeakageMethod;

  @Column({ name: 'applied_part_method', type: 'varchar', length: 12 })
  appliedPartMethod!: AppliedPartMethod;

  @Column({ name: 'pe_with_cord', type: 'boolean' })
  peWithCord!: boolean;

  @Column({ name: 'protective_earth_ohm', type: 'double precision', nullable: true })
  protectiveEarthOhm!: number | null;

  @Column({ name: 'insulation_megaohm', type: 'double precision', nullable: true })
  insulationMegaohm!: number | null;

  @Column({ name: 'equipment_leakage_microamp', type: 'double precision', nullable: true })
  equipmentLeakageMicroamp!: number | null;

  @Column({ name: 'applied_parts', type: 'jsonb', default: () => `'[]'` })
  appliedParts!: AppliedPartMeasurement[];

  @Column({ name: 'visual_inspection', type: 'varchar', length: 4 })
  visualInspection!: VisualInspectionResult;

  @Column({ type: 'varchar', length: 2000, default: '' })
  notes!: string;

  @Column({ type: 'varchar', length: 4 })
  result!: SafetyResult;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  failed!: string[];

  @Column({ type: 'jsonb' })
  evaluation!: SafetyEvaluation;

  @Column({ type: 'varchar', length: 20 })
  source!: SafetyTestSource;

  @Column({ name: 'source_key', type: 'varchar', length: 200, nullable: true })
  sourceKey!: string | null;

  @Column({ name: 'analyser_result', type: 'varchar', length: 4, nullable: true })
  analyserResult!: SafetyResult | null;

  @Column({ name: 'repair_task_id', type: 'uuid', nullable: true })
  repairTaskId!: string | null;

  @Column({ name: 'recorded_by_id', type: 'uuid', nullable: true })
  recordedById!: string | null;

  @Column({ name: 'recorded_by_name', type: 'varchar', length: 120 })
  recordedByName!: string;

  @Column({ name: 'recorded_at', type: 'timestamptz', default: () => 'now()' })
  recordedAt!: Date;
}
