import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  inventoryImportIdSchema,
  inventoryImportRowsQuerySchema,
  SUBJECTS,
  type Actor,
  type InventoryImportDto,
  type InventoryImportRowsPage,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { InventoryImportService } from './inventory-import.service';

/**
 * NATS handlers of a staged inventory import (its file is read and staged by InventoryFileImports):
 * the gateway's calls, for the person its statement names.
 */
@Controller()
export class InventoryImportController {
  constructor(private readonly imports: InventoryImportService) {}

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
