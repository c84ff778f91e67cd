import { Body, Controller, Inject, Query, Req, Res } from '@nestjs/common';
import {
  assetLabelsRequestSchema,
  hasFullAccess,
  INVENTORY_IMPORT_MAX_BYTES,
  inventoryExportQuerySchema,
  inventoryImportQuerySchema,
  inventoryTemplateQuerySchema,
  type InventoryImportDto,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { IncomingUploads } from '../documents/incoming-uploads';
import { OutgoingFiles } from '../http/outgoing-files';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { EquipmentClient } from './equipment.client';
import { EQUIPMENT_OPERATIONS } from './equipment.operations';

/**
 * A file is received only from someone who may import it: the equipment service decides again,
 * but a file is not streamed into the store for a person who would be refused anyway.
 */
function refuseImport(session: GatewaySession): void {
  if (!hasFullAccess(session.user.role))
    throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may import equipment.');
}

/**
 * The inventory's files over HTTP, as bytes only: an upload's body is streamed into the file store
 * and the equipment service is handed its key (it reads the file in its own file workers, stages
 * its rows and answers the preview); the template, the export and a sheet of asset labels are
 * written by the equipment service into the store, and streamed from there to the person. The
 * gateway reads and writes no inventory format. Registered before EquipmentController, so
 * `import`, `export` and `labels` are not taken for a device's id.
 */
@Controller()
export class EquipmentFilesController {
  constructor(
    private readonly equipment: EquipmentClient,
    private readonly uploads: IncomingUploads,
    private readonly downloads: OutgoingFiles,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The template: anyone signed in may fill one in (only Engineers and Admins may import it). */
  @Operation(EQUIPMENT_OPERATIONS.getInventoryImportTemplate)
  async template(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(inventoryTemplateQuerySchema))
    query: z.output<typeof inventoryTemplateQuerySchema>,
    @Res() response: Response,
  ): Promise<void> {
    await this.downloads.send(response, await this.equipment.template(session, query.format));
  }

  /** Streams the file into the store; the equipment service reads and stages it, and answers the preview. */
  @Operation(EQUIPMENT_OPERATIONS.stageInventoryImport)
  stage(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(inventoryImportQuerySchema)) query: z.output<typeof inventoryImportQuerySchema>,
    @Req() request: Request,
  ): Promise<InventoryImportDto> {
    refuseImport(session);
    return this.uploads.receive(request, session.user._id, INVENTORY_IMPORT_MAX_BYTES, (upload) =>
      this.equipment.importFile(session, {
        incomingKey: upload.key,
        fileName: query.fileName,
        dateOrder: query.dateOrder,
      }),
    );
  }

  /** The inventory as filtered, as CSV or XLSX: everyone may read the inventory. */
  @Operation(EQUIPMENT_OPERATIONS.exportInventory)
  async export(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(inventoryExportQuerySchema)) query: z.output<typeof inventoryExportQuerySchema>,
    @Res() response: Response,
  ): Promise<void> {
    await this.downloads.send(response, await this.equipment.exportFile(session, query));
  }

  /**
   * A PDF of QR asset tags for the devices chosen or the inventory as filtered: everyone may read
   * the inventory, so everyone may print its tags. The codes hold the device's address under
   * PUBLIC_URL, or the address this request came to.
   */
  @Operation(EQUIPMENT_OPERATIONS.printAssetLabels)
  async labels(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(assetLabelsRequestSchema)) asked: z.output<typeof assetLabelsRequestSchema>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const origin = this.config.publicUrl || `${request.protocol}://${request.get('host') ?? 'localhost'}`;
    await this.downloads.send(response, await this.equipment.labels(session, { labels: asked, origin }));
  }
}
