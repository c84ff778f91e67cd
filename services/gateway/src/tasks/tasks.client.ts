import { Inject, Injectable } from '@nestjs/common';
import { SUBJECTS, type CertifyTaskRequest, type TaskDto } from '@caliber/contracts';
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
