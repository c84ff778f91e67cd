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
import { MaintenanceDocumentRecords } from './maintenance-document-records';

/**
 * A task's photos and reports, and a safety test's printout, over NATS. The records decide who
 * may read and add (whoever follows the task; the department's staff for a test); the shelf
 * keeps the files.
 */
@Controller()
export class MaintenanceDocumentsController {
  constructor(
    private readonly records: MaintenanceDocumentRecords,
    private readonly shelf: DocumentShelf,
  ) {}

  @MessagePattern(SUBJECTS.maintenance.documentsList)
  async list(@Acting() actor: Actor, @Command() data: unknown): Promise<DocumentPage> {
    const command = parsePayload(listDocumentsCommandSchema, data);
    return this.shelf.list(await this.records.readable(actor, command.ref), command.query);
  }

  @MessagePattern(SUBJECTS.maintenance.documentsAttach)
  async attach(@Acting() actor: Actor, @Command() data: unknown): Promise<DocumentDto> {
    const command = parsePayload(attachDocumentCommandSchema, data);
    const record = await this.records.forAdding(actor, command.ref, command.purpose);
    return this.shelf.attach(actor, record, command);
  }

  @MessagePattern(SUBJECTS.maintenance.documentsOpen)
  async open(@Acting() actor: Actor, @Command() data: unknown): Promise<DocumentFileAnswer> {
    const command = parsePayload(documentCommandSchema, data);
    return this.shelf.open(
      await this.records.readable(actor, command.ref),
      command.documentId,
      command.variant,
    );
  }

  @MessagePattern(SUBJECTS.maintenance.documentsRemove)
  async remove(@Acting() actor: Actor, @Command() data: unknown): Promise<{ removed: true }> {
    const command = parsePayload(documentCommandSchema, data);
    const records = await this.records.readable(actor, command.ref);
    await this.shelf.remove(actor, records, command.documentId, (document) =>
      this.records.mayRemove(actor, document),
    );
    return { removed: true };
  }
}
