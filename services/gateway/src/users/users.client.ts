import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type AssigneeListResponse,
  type AssigneeQuery,
  type ListUsersQuery,
  type RosterFileRow,
  type RosterImportPreview,
  type RosterImportResult,
  type UserDto,
  type UserListResponse,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/**
 * The roster calls the gateway makes for its own handlers (the export's pages, a file's rows, the
 * Create Task form's list); every request is signed for who asks.
 */
@Injectable()
export class UsersClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'staff roster service');
  }

  private list(session: GatewaySession, query: ListUsersQuery): Promise<UserListResponse> {
    return this.request(SUBJECTS.identity.listUsers, { query }, actingUserOf(session));
  }

  /** Who may receive tasks (identity reads the query as the message itself). */
  assignees(session: GatewaySession, query: AssigneeQuery): Promise<AssigneeListResponse> {
    return this.request(SUBJECTS.identity.assignees, query, actingUserOf(session));
  }

  /**
   * Everyone on the roster, read a page of 100 at a time (each page a small reply), for the export.
   */
  async everyone(session: GatewaySession): Promise<UserDto[]> {
    const users: UserDto[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await this.list(session, {
        page,
        limit: 100,
        q: '',
        role: '',
        department: '',
        active: null,
        sort: 'serviceNumber',
      });
      users.push(...answer.users);
      if (page >= answer.pages) return users;
    }
  }

  previewImport(session: GatewaySession, rows: RosterFileRow[]): Promise<RosterImportPreview> {
    return this.request(SUBJECTS.identity.previewImport, { rows }, actingUserOf(session));
  }

  applyImport(session: GatewaySession, rows: RosterFileRow[]): Promise<RosterImportResult> {
    return this.request(SUBJECTS.identity.applyImport, { rows }, actingUserOf(session));
  }
}
