import type { EntityManager } from 'typeorm';

/** The hospital currency an Admin set (every amount is in it), or null until one is set. */
export async function hospitalCurrency(manager: Pick<EntityManager, 'query'>): Promise<string | null> {
  const [settings] = (await manager.query(
    `SELECT "currency" FROM "maintenance"."cost_settings" WHERE "id" = 1`,
  )) as [{ currency: string | null } | undefined];
  return settings?.currency?.trim() ?? null;
}
