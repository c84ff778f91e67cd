import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type AssigneeListResponse,
  type AssigneeQuery,
  type OutgoingFile,
  type RosterImportCommand,
  type RosterImportPreview,
  type RosterImportResult,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/**
 * How long the gateway waits for identity to preview, apply or export a roster file: the file read
 * in identity's file workers (up to 20 s, after any waiting its turn) and 2,500 people checked and
 * written in one transaction, seconds of work where other requests take milliseconds. Past the
 * usual deadline the person would be answered 503 while identity still writes their import.
 */
export const ROSTER_FILE_DEADLINE_MS = 60_000;

/**
 * The roster calls the gateway makes for its own handlers (a stored file's key for a preview or an
 * apply, the export's key, the Create Task form's list); every request is signed for who asks.
 */
@Injectable()
export class UsersClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'staff roster service');
  }

  /** Who may receive tasks (identity reads the query as the message itself). */
  assignees(session: GatewaySession, query: AssigneeQuery): Promise<AssigneeListResponse> {
    return this.request(SUBJECTS.identity.assignees, query, actingUserOf(session));
  }

  previewImport(session: GatewaySession, command: RosterImportCommand): Promise<RosterImportPreview> {
    return this.request(
      SUBJECTS.identity.previewImport,
      command,
      actingUserOf(session),
      ROSTER_FILE_DEADLINE_MS,
    );
  }

  applyImport(session: GatewaySession, command: RosterImportCommand): Promise<RosterImportResult> {
    return this.request(
      SUBJECTS.identity.applyImport,
      command,
      actingUserOf(session),
      ROSTER_FILE_DEADLINE_MS,
    );
  }

  /** The roster written by identity into the file store: where, under which name, how long. */
  exportRoster(session: GatewaySession): Promise<OutgoingFile> {
    return this.request(SUBJECTS.identity.exportUsers, {}, actingUserOf(session), ROSTER_FILE_DEADLINE_MS);
  }
}
