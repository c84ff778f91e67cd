import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  inventoryExportQuerySchema,
  inventoryImportFileSchema,
  inventoryTemplateQuerySchema,
  SUBJECTS,
  type Actor,
  type InventoryImportDto,
  type OutgoingFile,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { InventoryFileExports } from './inventory-file-exports';
import { InventoryFileImports } from './inventory-file-imports';

/**
 * NATS handlers of the inventory's files: a stored upload read and staged (answering the preview),
 * and the template and the export written into the file store (answering the file's key).
 */
@Controller()
export class InventoryFilesController {
  constructor(
    private readonly imports: InventoryFileImports,
    private readonly exports: InventoryFileExports,
  ) {}

  @MessagePattern(SUBJECTS.equipment.importFile)
  stage(@Acting() actor: Actor, @Command() data: unknown): Promise<InventoryImportDto> {
    return this.imports.stage(actor, parsePayload(inventoryImportFileSchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.importTemplate)
  template(@Acting() actor: Actor, @Command() data: unknown): Promise<OutgoingFile> {
    return this.exports.template(actor, parsePayload(inventoryTemplateQuerySchema, data).format);
  }

  @MessagePattern(SUBJECTS.equipment.exportFile)
  export(@Acting() actor: Actor, @Command() data: unknown): Promise<OutgoingFile> {
    const { format, ...filters } = parsePayload(inventoryExportQuerySchema, data);
    return this.exports.export(actor, format, filters);
  }
}
