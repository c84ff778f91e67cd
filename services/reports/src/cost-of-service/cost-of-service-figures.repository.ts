import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  addDays,
  dashboardCostOfServiceFigureSchema,
  type DashboardCostOfServiceFigure,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';

const TABLE = '"reports"."cost_of_service_figures"';

/**
 * How many days of figures are kept: two years, enough to compare with a year ago, and the table
 * stays a few hundred rows however long the service runs.
 */
export const KEPT_FIGURE_DAYS = 730;

/** The dashboard's daily cost of service figures in PostgreSQL, a row per hospital day. */
@Injectable()
export class CostOfServiceFiguresRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The latest figure kept up to `today` (null before the first). A row of a later day (a clock
   * that ran ahead) is never the latest: it would say today's is not yet worked out all day.
   */
  async latest(today: string): Promise<DashboardCostOfServiceFigure | null> {
    const rows = (await this.dataSource.query(
      `SELECT "figures" FROM ${TABLE} WHERE "day" <= $1 ORDER BY "day" DESC LIMIT 1`,
      [today],
    )) as { figures: unknown }[];
    if (!rows[0]) return null;
    // A row that is not a figure (written by hand, say) is no figure: today's is worked out anew.
    const parsed = dashboardCostOfServiceFigureSchema.safeParse(rows[0].figures);
    return parsed.success ? parsed.data : null;
  }

  async has(day: string): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM ${TABLE} WHERE "day" = $1`, [day])) as unknown[];
    return rows.length > 0;
  }

  /**
   * Keeps a day's figure (a second worker that worked out the same day keeps the first's: the
   * figures are the same records read twice) and lets go of those older than `KEPT_FIGURE_DAYS`.
   */
  async keep(figure: DashboardCostOfServiceFigure): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO ${TABLE} ("day", "figures", "computed_at") VALUES ($1, $2, $3) ON CONFLICT ("day") DO NOTHING`,
        [figure.to, JSON.stringify(figure), figure.computedAt],
      );
      await manager.query(`DELETE FROM ${TABLE} WHERE "day" < $1`, [addDays(figure.to, -KEPT_FIGURE_DAYS)]);
    });
  }
}
