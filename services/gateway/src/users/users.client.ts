import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type ListUsersQuery,
  type NewUser,
  type RosterFileRow,
  type RosterImportPreview,
  type RosterImportResult,
  type UpdateUserRequest,
  type UserDto,
  type UserListResponse,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/** The staff roster on the identity service; every request is signed for who asks. */
@Injectable()
export class UsersClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'staff roster service');
  }

  list(session: GatewaySession, query: ListUsersQuery): Promise<UserListResponse> {
    return this.request(SUBJECTS.identity.listUsers, { query }, actingUserOf(session));
  }

  get(session: GatewaySession, id: string): Promise<UserDto> {
    return this.request(SUBJECTS.identity.getUser, { id }, actingUserOf(session));
  }

  create(session: GatewaySession, data: NewUser): Promise<UserDto> {
    return this.request(SUBJECTS.identity.createUser, { data }, actingUserOf(session));
  }

  update(session: GatewaySession, id: string, data: UpdateUserRequest): Promise<UserDto> {
    return this.request(SUBJECTS.identity.updateUser, { id, data }, actingUserOf(session));
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

  delete(session: GatewaySession, id: string): Promise<{ _id: string }> {
    return this.request(SUBJECTS.identity.deleteUser, { id }, actingUserOf(session));
  }
}
