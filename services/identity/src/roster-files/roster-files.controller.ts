import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  rosterImportCommandSchema,
  SUBJECTS,
  type Actor,
  type OutgoingFile,
  type RosterImportPreview,
  type RosterImportResult,
} from '@caliber/contracts';
import { Acting, Command, parsePayload } from '@caliber/service-kit';
import { RosterFiles } from './roster-files';

/**
 * NATS handlers of the roster's files: an import's stored file (its key, never its bytes) previewed
 * or applied, and the export written into the store. Who acts comes from the signed statement.
 */
@Controller()
export class RosterFilesController {
  constructor(private readonly files: RosterFiles) {}

  @MessagePattern(SUBJECTS.identity.previewImport)
  previewImport(@Acting() actor: Actor, @Command() data: unknown): Promise<RosterImportPreview> {
    return this.files.preview(actor, parsePayload(rosterImportCommandSchema, data));
  }

  @MessagePattern(SUBJECTS.identity.applyImport)
  applyImport(@Acting() actor: Actor, @Command() data: unknown): Promise<RosterImportResult> {
    return this.files.apply(actor, parsePayload(rosterImportCommandSchema, data));
  }

  @MessagePattern(SUBJECTS.identity.exportUsers)
  exportUsers(@Acting() actor: Actor): Promise<OutgoingFile> {
    return this.files.export(actor);
  }
}
