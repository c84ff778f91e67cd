import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type AssetLabelsCommand,
  type InventoryExportQuery,
  type InventoryFileType,
  type InventoryImportDto,
  type InventoryImportFile,
  type OutgoingFile,
} from '@caliber/contracts';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { SERVICE_CHANNEL } from '../identity/service-client';

/**
 * How long the gateway waits for the equipment service to read, stage, preview or apply an import:
 * work of seconds for a file of 20,000 devices, not the milliseconds of other requests. Past the
 * usual deadline the person would be answered 503 while the service still writes their import.
 */
export const INVENTORY_IMPORT_DEADLINE_MS = 60_000;
/**
 * How long it waits for a file written for download: an export of 50,000 devices or a sheet of
 * 5,000 labels takes up to 30 s in the service's file worker (its limit), after the pages are read
 * and perhaps a wait for a free worker. The template too: a workbook with the hospital's lists as
 * drop-downs takes a second or more on a busy service, past the usual deadline, and a template
 * answered 503 would still be written, and left for the hourly sweep.
 */
export const FILE_DOWNLOAD_DEADLINE_MS = 90_000;

/** The gateway's calls of the equipment service about files, each signed for who asks. */
@Injectable()
export class EquipmentClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'equipment service');
  }

  /** Reads and stages a file streamed into the store; answers the staged import's preview. */
  importFile(session: GatewaySession, file: InventoryImportFile): Promise<InventoryImportDto> {
    return this.request(
      SUBJECTS.equipment.importFile,
      file,
      actingUserOf(session),
      INVENTORY_IMPORT_DEADLINE_MS,
    );
  }

  template(session: GatewaySession, format: InventoryFileType): Promise<OutgoingFile> {
    return this.request(
      SUBJECTS.equipment.importTemplate,
      { format },
      actingUserOf(session),
      FILE_DOWNLOAD_DEADLINE_MS,
    );
  }

  exportFile(session: GatewaySession, query: InventoryExportQuery): Promise<OutgoingFile> {
    return this.request(
      SUBJECTS.equipment.exportFile,
      query,
      actingUserOf(session),
      FILE_DOWNLOAD_DEADLINE_MS,
    );
  }

  labels(session: GatewaySession, command: AssetLabelsCommand): Promise<OutgoingFile> {
    return this.request(
      SUBJECTS.equipment.labelsFile,
      command,
      actingUserOf(session),
      FILE_DOWNLOAD_DEADLINE_MS,
    );
  }
}
