import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ListEntryChange } from '@caliber/contracts';
import { FeedFollower, PolledFeed, tableFeedPosition } from '@caliber/service-kit';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { EquipmentPeer } from '../peers/equipment.peer';
import { LOGGER } from '../tokens';
import { applyDepartmentChanges } from './department-copy';

const POSITION = tableFeedPosition('"identity"."feed_positions"', 'equipment.lists');

/**
 * Keeps the roster's copy of the department list up to date with the equipment service's feed:
 * before a department is checked (`refresh`), and every `LISTS_FOLLOW_SECONDS`, so a renamed
 * department reaches the staff who carry it even when nobody edits anyone. When equipment does not
 * answer, the copy stands as it is and the next round tries again.
 */
@Injectable()
export class DepartmentsFollower extends PolledFeed<ListEntryChange> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    equipment: EquipmentPeer,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(
      new FeedFollower({
        dataSource,
        position: POSITION,
        readPage: (after) => equipment.listChanges(after),
        apply: applyDepartmentChanges,
        what: 'The department list',
        logger,
      }),
      config.listsFollowSeconds * 1000,
    );
  }
}
