import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  inventoryImportIdSchema,
  inventoryImportRowsQuerySchema,
  inventoryStageBeginSchema,
  inventoryStageRowsSchema,
  SUBJECTS,
  type Actor,
  type InventoryImportDto,
  type InventoryImportRowsPage,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { InventoryImportService } from './inventory-import.service';

/** NATS handlers of the inventory import: the gateway's calls, for the person its statement names. */
@Controller()
export class InventoryImportController {
  constructor(private readonly imports: InventoryImportService) {}

  @MessagePattern(SUBJECTS.equipment.importBegin)
  begin(@Acting() actor: Actor, @Command() data: unknown): Promise<{ importId: string }> {
    return this.imports.begin(actor, parsePayload(inventoryStageBeginSchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.importRows)
  rows(@Acting() actor: Actor, @Command() data: unknown): Promise<{ staged: number }> {
    return this.imports.stage(actor, parsePayload(inventoryStageRowsSchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.importPreview)
  preview(@Acting() actor: Actor, @Command() data: unknown): Promise<InventoryImportDto> {
    return this.imports.preview(actor, parsePayload(inventoryImportIdSchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.importGet)
  get(@Acting() actor: Actor, @Command() data: unknown): Promise<InventoryImportDto> {
    return this.imports.get(actor, parsePayload(inventoryImportIdSchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.importRowsPage)
  rowsPage(@Acting() actor: Actor, @Command() data: unknown): Promise<InventoryImportRowsPage> {
    const { importId, ...query } = parsePayload(
      inventoryImportRowsQuerySchema.extend(inventoryImportIdSchema.shape),
      data,
    );
    return this.imports.rowsPage(actor, importId, query);
  }

  @MessagePattern(SUBJECTS.equipment.importApply)
  apply(@Acting() actor: Actor, @Command() data: unknown): Promise<InventoryImportDto> {
    return this.imports.apply(actor, parsePayload(inventoryImportIdSchema, data));
  }

  @MessagePattern(SUBJECTS.equipment.importDiscard)
  discard(@Acting() actor: Actor, @Command() data: unknown): Promise<{ _id: string }> {
    return this.imports.discard(actor, parsePayload(inventoryImportIdSchema, data));
  }
}
