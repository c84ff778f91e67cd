import { Inject, Injectable } from '@nestjs/common';
import {
  hasFullAccess,
  ROSTER_IMPORT_MAX_BYTES,
  type Actor,
  type ListUsersQuery,
  type OutgoingFile,
  type RosterFileRow,
  type RosterImportCommand,
  type RosterImportPreview,
  type RosterImportResult,
  type UserDto,
} from '@caliber/contracts';
import { sheetFileType } from '@caliber/file-kit/worker';
import { FILE_STORE, incomingBytes, keepOutgoing, ServiceError, type FileStore } from '@caliber/service-kit';
import { FileWorkers } from '../files/file-workers';
import { RosterImportService } from '../users/roster-import.service';
import { UsersService } from '../users/users.service';
import type { RosterExportRow } from './roster-workbook';

/** People asked of the roster a page at a time for an export, each page one query. */
const EXPORT_PAGE = 100;
/**
 * The most an export may take in the store: 50,000 people write 2 MB, so 16 MB is room for any
 * hospital's staff while a fault cannot fill the store.
 */
const EXPORT_MAX_BYTES = 16 * 1024 * 1024;

const asRow = (user: UserDto): RosterExportRow => ({
  serviceNumber: user.serviceNumber,
  name: user.name,
  email: user.email ?? '',
  phoneNumber: user.phoneNumber,
  role: user.role,
  department: user.department,
  active: user.isActive ? 'Yes' : 'No',
  preApproved: user.preApproved ? 'Yes' : 'No',
});

/**
 * Roster files: an import's file handed over by the gateway (it streamed the body into the file
 * store; here it is read from there within its size, its rows read in this service's file workers,
 * then previewed or applied by RosterImportService), and the export (written in a file worker from
 * the roster's pages, into the store under `outgoing/`, for the gateway to stream and remove). One
 * file per person at once (429); the incoming copy is removed whatever the outcome. A file is sent
 * again for Apply, so nothing of it is kept between the two.
 */
@Injectable()
export class RosterFiles {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly files: FileWorkers,
    private readonly imports: RosterImportService,
    private readonly users: UsersService,
  ) {}

  preview(actor: Actor, command: RosterImportCommand): Promise<RosterImportPreview> {
    return this.read(actor, command, (rows) => this.imports.preview(actor, rows));
  }

  apply(actor: Actor, command: RosterImportCommand): Promise<RosterImportResult> {
    return this.read(actor, command, (rows) => this.imports.apply(actor, rows));
  }

  /** The whole roster as a workbook in the store: its key, name and length. */
  async export(actor: Actor): Promise<OutgoingFile> {
    // Refused before any work: the pages below ask the same of each.
    await this.users.list(actor, this.pageQuery(1, 1));
    return this.files.forPerson(actor._id, 'rosterExport', async () => {
      const workbook = await this.files.run('writeRoster', null, this.pages(actor));
      return keepOutgoing(
        this.store,
        `roster-${new Date().toISOString().slice(0, 10)}.xlsx`,
        [Buffer.from(workbook.buffer, workbook.byteOffset, workbook.byteLength)],
        EXPORT_MAX_BYTES,
      );
    });
  }

  private pageQuery(page: number, limit: number): ListUsersQuery {
    return { page, limit, q: '', role: '', department: '', active: null, sort: 'serviceNumber' };
  }

  /** Everyone on the roster, by service number, a page at a time as the writer takes them. */
  private async *pages(actor: Actor): AsyncGenerator<RosterExportRow[]> {
    for (let page = 1; ; page += 1) {
      const answer = await this.users.list(actor, this.pageQuery(page, EXPORT_PAGE));
      yield answer.users.map(asRow);
      if (page >= answer.pages) return;
    }
  }

  private async read<T>(
    actor: Actor,
    command: RosterImportCommand,
    then: (rows: RosterFileRow[]) => Promise<T>,
  ): Promise<T> {
    try {
      // A workbook is not unpacked for a person who would be refused anyway.
      if (!hasFullAccess(actor.role))
        throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins may manage the staff roster.');
      return await this.files.forPerson(actor._id, 'rosterFile', async () => {
        const rows = await this.files.run('readRoster', {
          type: sheetFileType(command.fileName),
          bytes: await incomingBytes(this.store, command.incomingKey, ROSTER_IMPORT_MAX_BYTES, 'roster file'),
        });
        return then(rows);
      });
    } finally {
      await this.store.delete(command.incomingKey).catch(() => undefined);
    }
  }
}
