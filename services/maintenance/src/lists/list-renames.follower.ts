import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ListEntryChange } from '@caliber/contracts';
import {
  FeedFollower,
  PolledFeed,
  renameStoredValues,
  tableFeedPosition,
  RENAMED_ON_THE_LISTS,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { from, switchMap, type Observable } from 'rxjs';
import type { DataSource, EntityManager } from 'typeorm';
import { MAINTENANCE_CONFIG, type MaintenanceConfig } from '../config';
import { EquipmentPeer } from '../peers/peers.client';
import { LOGGER } from '../tokens';

const POSITION = tableFeedPosition('"maintenance"."feed_positions"', 'equipment.lists');

/** The device details tasks and PM plans keep, by the list they come from. */
const KEPT_COLUMNS = [
  { kind: 'department', table: 'tasks', column: 'equipment_department', entity: 'task' },
  { kind: 'category', table: 'tasks', column: 'equipment_category', entity: 'task' },
  { kind: 'department', table: 'pm_plans', column: 'equipment_department', entity: 'pm-plan' },
  { kind: 'category', table: 'pm_plans', column: 'equipment_category', entity: 'pm-plan' },
  { kind: 'department', table: 'safety_tests', column: 'equipment_department', entity: 'safety-test' },
  { kind: 'category', table: 'safety_tests', column: 'equipment_category', entity: 'safety-test' },
] as const;

/**
 * Tasks and PM plans keep the department and category their device had, for the reports. A
 * department or category renamed on the hospital lists is the same place or kind under a new name:
 * the page's entries replace their copy in `list_names` (which a trigger reads to store the current
 * name for a former one on every write), and the records carrying one of their former names are
 * rewritten, each with an audit row. All of it under the lock those writes share, so none of them
 * slips between the copy and the rewrite. A change read twice finds nothing left to rewrite.
 */
export async function applyListRenames(manager: EntityManager, changes: ListEntryChange[]): Promise<void> {
  const kept = changes.filter((change) => change.kind !== 'ward');
  if (kept.length === 0) return;
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('maintenance.list_names'))`);
  await manager.query(
    `INSERT INTO "maintenance"."list_names" ("entry_id", "kind", "name", "former_names", "seq")
     SELECT change.entry_id, change.kind, change.name,
            ARRAY(SELECT jsonb_array_elements_text(change.former))::varchar[], change.seq
       FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::jsonb[], $5::bigint[])
            AS change(entry_id, kind, name, former, seq)
     ON CONFLICT ("entry_id") DO UPDATE SET
       "name" = EXCLUDED."name", "former_names" = EXCLUDED."former_names", "seq" = EXCLUDED."seq"
     WHERE "list_names"."seq" < EXCLUDED."seq"`,
    [
      kept.map((change) => change.entryId),
      kept.map((change) => change.kind),
      kept.map((change) => change.name),
      kept.map((change) => JSON.stringify(change.formerNames)),
      kept.map((change) => change.seq),
    ],
  );
  for (const change of kept) {
    if (change.formerNames.length === 0) continue;
    for (const column of KEPT_COLUMNS) {
      if (column.kind !== change.kind) continue;
      await renameStoredValues(manager, {
        schema: 'maintenance',
        table: column.table,
        column: column.column,
        entity: column.entity,
        field: column.kind,
        equipmentColumn: 'equipment_id',
        renames: Object.fromEntries(change.formerNames.map((old) => [old, change.name])),
        actor: RENAMED_ON_THE_LISTS,
      });
    }
  }
}

/**
 * Follows the equipment service's feed of list entries: every `LISTS_FOLLOW_SECONDS`, and before
 * each report figure (`ListsCaughtUp`), so a report after a rename finds the older tasks under the
 * new name. When equipment does not answer, the records stand as they are until the next round.
 */
@Injectable()
export class ListRenamesFollower extends PolledFeed<ListEntryChange> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    equipment: EquipmentPeer,
    @Inject(MAINTENANCE_CONFIG) config: MaintenanceConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(
      new FeedFollower({
        dataSource,
        position: POSITION,
        readPage: (after) => equipment.listChanges(after),
        apply: applyListRenames,
        what: 'Renamed departments and categories',
        logger,
      }),
      config.listsFollowSeconds * 1000,
    );
  }
}

/** Brings renamed departments and categories into the records before a handler reads them. */
@Injectable()
export class ListsCaughtUp implements NestInterceptor {
  constructor(private readonly lists: ListRenamesFollower) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.lists.refresh()).pipe(switchMap(() => next.handle()));
  }
}
