import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ActivityChange, ChangeFeedPage, EquipmentStatus } from '@caliber/contracts';
import {
  activityFeedPage,
  auditActivityScanParams,
  auditActivityScanSql,
  auditEntityUuidSql,
  type ActivitySnapshot,
  type AuditActivityRow,
} from '@caliber/service-kit';
import { DataSource } from 'typeorm';
import { EQUIPMENT_SCHEMA } from '../database';

interface ActivityRow extends AuditActivityRow {
  device_id: string | null;
  device_name: string;
  device_serial_number: string;
  device_department: string;
  device_status: EquipmentStatus;
  recall_device_id: string | null;
  recall_id: string;
  recall_title: string;
  recall_reference: string;
  recall_device_name: string;
  recall_serial_number: string;
  recall_department: string;
}

/**
 * One statement per page: the scanned audit rows (`auditActivityScanSql`), each joined to the
 * device, or the recall action (with its notice and its device), it is about as it stands now.
 * A device deleted since (devices are only ever marked deleted) is not joined: the rows about it,
 * or about a recall action on it, are carried without `device` or `recall`; nobody is told of a
 * device no list shows any more, and its `deleted` row still says in `changes` what it was.
 */
const ACTIVITY_SQL = `
  SELECT a.*,
         e."id" AS "device_id", e."name" AS "device_name", e."serial_number" AS "device_serial_number",
         e."department" AS "device_department", e."status" AS "device_status",
         d."id" AS "recall_device_id", n."id" AS "recall_id", n."title" AS "recall_title",
         n."source_reference" AS "recall_reference", d."name" AS "recall_device_name",
         d."serial_number" AS "recall_serial_number", d."department" AS "recall_department"
    FROM (${auditActivityScanSql(EQUIPMENT_SCHEMA)}) a
    LEFT JOIN "${EQUIPMENT_SCHEMA}"."equipment" e
           ON a."within" AND e."id" = ${auditEntityUuidSql('equipment')} AND e."deleted_at" IS NULL
    LEFT JOIN "${EQUIPMENT_SCHEMA}"."recall_actions" ra
           ON a."within" AND ra."id" = ${auditEntityUuidSql('recall-device')}
    LEFT JOIN "${EQUIPMENT_SCHEMA}"."recall_notices" n ON n."id" = ra."recall_id"
    LEFT JOIN "${EQUIPMENT_SCHEMA}"."equipment" d ON d."id" = ra."equipment_id" AND d."deleted_at" IS NULL
   ORDER BY a."seq_num"`;

function snapshotOf(row: ActivityRow): ActivitySnapshot | null {
  if (row.entity === 'equipment')
    return row.device_id === null
      ? {}
      : {
          device: {
            id: row.device_id,
            name: row.device_name,
            serialNumber: row.device_serial_number,
            department: row.device_department,
            status: row.device_status,
          },
        };
  if (row.entity === 'recall-device')
    return row.recall_device_id === null
      ? {}
      : {
          recall: {
            recallId: row.recall_id,
            title: row.recall_title,
            reference: row.recall_reference,
            equipmentId: row.recall_device_id,
            deviceName: row.recall_device_name,
            serialNumber: row.recall_serial_number,
            department: row.recall_department,
          },
        };
  return null;
}

/**
 * Equipment's activity feed for the notifying service: the audit rows of devices and of recall
 * actions after a position of the audit chain, each with its device or recall as it now stands
 * (`activityFeedPage`). Rows of other entities (notices, list entries…) are passed over: `last`
 * moves past them.
 */
@Injectable()
export class InventoryActivityService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async changes(after: string, limit: number): Promise<ChangeFeedPage<ActivityChange>> {
    const rows: ActivityRow[] = await this.dataSource.query(
      ACTIVITY_SQL,
      auditActivityScanParams(after, limit),
    );
    return activityFeedPage(rows, limit, after, snapshotOf);
  }
}
