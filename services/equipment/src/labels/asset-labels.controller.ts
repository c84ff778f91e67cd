import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { assetLabelsCommandSchema, SUBJECTS, type Actor, type OutgoingFile } from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { AssetLabelSheets } from './asset-label-sheets';

/** NATS handler of a sheet of asset labels: made, written into the file store, answered by its key. */
@Controller()
export class AssetLabelsController {
  constructor(private readonly sheets: AssetLabelSheets) {}

  @MessagePattern(SUBJECTS.equipment.labelsFile)
  labels(@Acting() actor: Actor, @Command() data: unknown): Promise<OutgoingFile> {
    return this.sheets.make(actor, parsePayload(assetLabelsCommandSchema, data));
  }
}
