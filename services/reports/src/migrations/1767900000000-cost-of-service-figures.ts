import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hospital's cost of service over the year to each day, as the Managers' dashboard shows it:
 * worked out at most once a hospital day by a report worker and kept here, so a dashboard reads one
 * row rather than every device and task. `figures` holds the figure as the dashboard answers it.
 */
export class CostOfServiceFigures1767900000000 implements MigrationInterface {
  name = 'CostOfServiceFigures1767900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "reports"."cost_of_service_figures" (
        "day" date PRIMARY KEY,
        "figures" jsonb NOT NULL,
        "computed_at" timestamptz NOT NULL DEFAULT now()
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "reports"."cost_of_service_figures"`);
  }
}
