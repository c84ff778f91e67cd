import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  attachDocumentCommandSchema,
  documentCommandSchema,
  listDocumentsCommandSchema,
  SUBJECTS,
  type Actor,
  type DocumentDto,
  type DocumentFileAnswer,
  type DocumentPage,
} from '@caliber/contracts';
import { Acting, Command, DocumentShelf, parsePayload } from '@caliber/service-kit';
import { EquipmentDocumentRecords } from './equipment-document-records';

/**
 * A device's documents (service reports, certificates, photos) and its model's manuals, and a
 * recall's notice, over NATS. The records decide who may read and add (the device's ward for
 * clinical staff, recalls for the department's staff); the shelf keeps the files.
 */
@Controller()
export class EquipmentDocumentsController {
  constructor(
    private readonly records: EquipmentDocumentRecords,
    private readonly shelf: DocumentShelf,
  ) {}

  @MessagePattern(SUBJECTS.equipment.documentsList)
  async list(@Acting() actor: Actor, @Command() data: unknown): Promise<DocumentPage> {
    const command = parsePayload(listDocumentsCommandSchema, data);
    return this.shelf.list(await this.records.readable(actor, command.ref), command.query);
  }

  @MessagePattern(SUBJECTS.equipment.documentsAttach)
  async attach(@Acting() actor: Actor, @Command() data: unknown): Promise<DocumentDto> {
    const command = parsePayload(attachDocumentCommandSchema, data);
    const record = await this.records.forAdding(actor, command.ref, command.purpose);
    return this.shelf.attach(actor, record, command);
  }

  @MessagePattern(SUBJECTS.equipment.documentsOpen)
  async open(@Acting() actor: Actor, @Command() data: unknown): Promise<DocumentFileAnswer> {
    const command = parsePayload(documentCommandSchema, data);
    return this.shelf.open(
      await this.records.readable(actor, command.ref),
      command.documentId,
      command.variant,
    );
  }

  @MessagePattern(SUBJECTS.equipment.documentsRemove)
  async remove(@Acting() actor: Actor, @Command() data: unknown): Promise<{ removed: true }> {
    const command = parsePayload(documentCommandSchema, data);
    const records = await this.records.readable(actor, command.ref);
    await this.shelf.remove(actor, records, command.documentId, (document) =>
      this.records.mayRemove(actor, document),
    );
    return { removed: true };
  }
}
