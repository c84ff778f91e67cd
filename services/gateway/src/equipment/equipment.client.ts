import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type HospitalListsDto,
  type InventoryExportPage,
  type InventoryExportPageRequest,
  type InventoryImportDto,
  type InventoryStageBegin,
  type InventoryStageRows,
} from '@caliber/contracts';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { SERVICE_CHANNEL } from '../identity/service-client';

/**
 * How long the gateway waits for the equipment service to stage, preview or apply an import: work
 * of seconds for a file of 20,000 devices, not the milliseconds of other requests. Past the usual
 * deadline the person would be answered 503 while the service still writes their import.
 */
export const INVENTORY_IMPORT_DEADLINE_MS = 60_000;

/** The gateway's typed view of the equipment service; every request is signed for who asks. */
@Injectable()
export class EquipmentClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'equipment service');
  }

  lists(session: GatewaySession): Promise<HospitalListsDto> {
    return this.request(SUBJECTS.equipment.lists, {}, actingUserOf(session));
  }

  /** Starts staging a file's rows: answers the import's id, which the rows are then sent to. */
  importBegin(session: GatewaySession, begin: InventoryStageBegin): Promise<{ importId: string }> {
    return this.request(SUBJECTS.equipment.importBegin, begin, actingUserOf(session));
  }

  importRows(session: GatewaySession, rows: InventoryStageRows): Promise<{ staged: number }> {
    return this.request(
      SUBJECTS.equipment.importRows,
      rows,
      actingUserOf(session),
      INVENTORY_IMPORT_DEADLINE_MS,
    );
  }

  importPreview(session: GatewaySession, importId: string): Promise<InventoryImportDto> {
    return this.request(
      SUBJECTS.equipment.importPreview,
      { importId },
      actingUserOf(session),
      INVENTORY_IMPORT_DEADLINE_MS,
    );
  }

  importDiscard(session: GatewaySession, importId: string): Promise<{ _id: string }> {
    return this.request(SUBJECTS.equipment.importDiscard, { importId }, actingUserOf(session));
  }

  /** One page of the devices an export covers, after the cursor. */
  exportPage(session: GatewaySession, request: InventoryExportPageRequest): Promise<InventoryExportPage> {
    return this.request(SUBJECTS.equipment.exportPage, request, actingUserOf(session));
  }
}
