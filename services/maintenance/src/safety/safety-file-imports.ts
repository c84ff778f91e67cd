import { Inject, Injectable } from '@nestjs/common';
import {
  hasFullAccess,
  SAFETY_IMPORT_MAX_BYTES,
  type Actor,
  type SafetyImportApplied,
  type SafetyImportCommand,
  type SafetyImportPreview,
} from '@caliber/contracts';
import { FILE_STORE, incomingBytes, ServiceError, type FileStore } from '@caliber/service-kit';
import { FileWorkers } from '../files/file-workers';
import { SafetyTestsService, type AnalyserImport } from './safety-tests.service';

/**
 * Analyser files handed over by the gateway: it streamed the file into the file store, and here it
 * is read (within its size) from there, parsed in this service's file workers by the format its
 * first line names, then previewed or applied by SafetyTestsService. One file per person at once
 * (429), and the incoming copy is removed whatever the outcome. A file is sent again for Apply,
 * so nothing of it is kept between the two.
 */
@Injectable()
export class SafetyFileImports {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly files: FileWorkers,
    private readonly safety: SafetyTestsService,
  ) {}

  preview(actor: Actor, command: SafetyImportCommand): Promise<SafetyImportPreview> {
    return this.read(actor, command, (imported) => this.safety.importPreview(actor, imported));
  }

  apply(actor: Actor, command: SafetyImportCommand): Promise<SafetyImportApplied> {
    return this.read(actor, command, (imported) => this.safety.importApply(actor, imported));
  }

  private async read<T>(
    actor: Actor,
    command: SafetyImportCommand,
    then: (imported: AnalyserImport) => Promise<T>,
  ): Promise<T> {
    try {
      if (!hasFullAccess(actor.role))
        throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may import safety tests.');
      return await this.files.forPerson(actor._id, 'safetyImport', async () => {
        const read = await this.files.run('readSafetyAnalyser', {
          bytes: await incomingBytes(
            this.store,
            command.incomingKey,
            SAFETY_IMPORT_MAX_BYTES,
            'analyser file',
          ),
        });
        return then({ ...read, openRepairTasks: command.openRepairTasks ?? false });
      });
    } finally {
      await this.store.delete(command.incomingKey).catch(() => undefined);
    }
  }
}
