import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type AssigneeListResponse,
  type AssigneeQuery,
  type CertifyTaskRequest,
  type TaskDto,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { actingUserOf, type GatewaySession } from '../auth/session';
import { SERVICE_CHANNEL } from '../identity/service-client';

/**
 * The gateway's call of the maintenance service for the task operation it does not simply forward
 * (certifying, whose body is optional), signed for who asks.
 */
@Injectable()
export class TasksClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'maintenance service');
  }

  certify(session: GatewaySession, id: string, data: CertifyTaskRequest): Promise<TaskDto> {
    return this.request(SUBJECTS.maintenance.certify, { id, data }, actingUserOf(session));
  }
}

/** The assignee lists, which identity keeps (the roster's pre-approved flag). */
@Injectable()
export class AssigneesClient extends DomainServiceClient {
  constructor(@Inject(SERVICE_CHANNEL) channel: ServiceChannel) {
    super(channel, 'staff roster service');
  }

  list(session: GatewaySession, query: AssigneeQuery): Promise<AssigneeListResponse> {
    return this.request(SUBJECTS.identity.assignees, query, actingUserOf(session));
  }
}
