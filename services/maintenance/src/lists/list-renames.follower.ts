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
  type AuditActor,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { from, switchMap, type Observable } from 'rxjs';
import type { DataSource, EntityManager } from 'typeorm';
import { MAINTENANCE_CONFIG, type MaintenanceConfig } from '../config';
import { EquipmentPeer } from '../peers/peers.client';
import { LOGGER } from '../tokens';

const POSITION = tableFeedPosition('"maintenance"."feed_positions"', 'equipment.lists');

/** Who the audit rows of a renamed department or category name: the lists' owner, on an Admin's rename. */
export const RENAMED_BY_LISTS: AuditActor = { id: null, label: 'hospital lists', service: 'equipment' };

/** The device details tasks and PM plans keep, by the list they come from. */
const KEPT_COLUMNS = [
  { kind: 'department', table: 'tasks', column: 'equipment_department', entity: 'task' },
  { kind: 'category', table: 'tasks', column: 'equipment_category', entity: 'task' },
  { kind: 'department', table: 'pm_plans', column: 'equipment_department', entity: 'pm-plan' },
  { kind: 'category', table: 'pm_plans', column: 'equipment_category', entity: 'pm-plan' },
] as const;

/**
 * Tasks and PM plans keep the department and category their device had, for the reports. A
 * department or category renamed on the hospital lists is the same place or kind under a new name,
 * so the records carrying one of its former names are rewritten to it, each with an audit row.
 * A change read twice finds nothing left to rewrite.
 */
export async function applyListRenames(manager: EntityManager, changes: ListEntryChange[]): Promise<void> {
  for (const change of changes) {
    if (change.formerNames.length === 0) continue;
    for (const kept of KEPT_COLUMNS) {
      if (kept.kind !== change.kind) continue;
      await renameStoredValues(manager, {
        schema: 'maintenance',
        table: kept.table,
        column: kept.column,
        entity: kept.entity,
        field: kept.kind,
        renames: Object.fromEntries(change.formerNames.map((old) => [old, change.name])),
        actor: RENAMED_BY_LISTS,
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
