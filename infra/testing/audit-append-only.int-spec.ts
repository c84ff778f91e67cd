import { randomUUID } from 'node:crypto';
import { DOMAIN_SERVICE_NAMES, type DomainServiceName } from '@caliber/contracts';
import { writeAudit } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { serviceDataSource } from './service-databases';

/**
 * Every service's audit log is append-only: a row is written with the change it records (in the
 * same transaction) and is never changed or removed afterwards, by anyone using the service's own
 * connection, its code or plain SQL. Each test row has an id of its own (no clean-up is possible,
 * or needed).
 */
describe.each(DOMAIN_SERVICE_NAMES.map((name) => [name] as const))(
  "%s's audit log refuses UPDATE, DELETE and TRUNCATE (real PostgreSQL)",
  (name: DomainServiceName) => {
    let db: DataSource;
    const table = `"${name}"."audit_log"`;
    const entityId = randomUUID();

    beforeAll(async () => {
      db = await serviceDataSource(name);
      // Written as the service writes its audit rows.
      await db.transaction((manager) =>
        writeAudit(manager, {
          actor: { id: null, label: 'append-only-test', service: name },
          entity: 'test',
          entityId,
          action: 'created',
          changes: { name: { from: null, to: 'Infusion pump' } },
        }),
      );
    });
    afterAll(() => db.destroy());

    const row = async () =>
      (await db.query(`SELECT "action", "changes" FROM ${table} WHERE "entity_id" = $1`, [entityId])) as {
        action: string;
        changes: unknown;
      }[];
    const refusal = (operation: string) =>
      expect.objectContaining({
        message: `The audit log is append-only: ${operation} of ${name}.audit_log is refused.`,
      });

    it('refuses to change a row, and the row stays as written', async () => {
      await expect(
        db.query(`UPDATE ${table} SET "action" = 'deleted' WHERE "entity_id" = $1`, [entityId]),
      ).rejects.toEqual(refusal('UPDATE'));
      expect(await row()).toEqual([
        { action: 'created', changes: { name: { from: null, to: 'Infusion pump' } } },
      ]);
    });

    it('refuses to remove a row, one or all of them', async () => {
      await expect(db.query(`DELETE FROM ${table} WHERE "entity_id" = $1`, [entityId])).rejects.toEqual(
        refusal('DELETE'),
      );
      await expect(db.query(`TRUNCATE ${table}`)).rejects.toEqual(refusal('TRUNCATE'));
      expect(await row()).toHaveLength(1);
    });

    it('still takes new rows', async () => {
      await db.transaction((manager) =>
        writeAudit(manager, {
          actor: { id: null, label: 'append-only-test' },
          entity: 'test',
          entityId,
          action: 'updated',
        }),
      );
      expect((await row()).map((each) => each.action).sort()).toEqual(['created', 'updated']);
    });
  },
);
