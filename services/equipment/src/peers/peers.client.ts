import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type Actor,
  type ChangeFeedPage,
  type CostSettings,
  type ChangeFeedRequest,
  type PmCoverageChange,
  type TaskRefAnswer,
} from '@caliber/contracts';
import { actingUserOfActor, DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { PEERS_CHANNEL } from '../tokens';

/**
 * Equipment's calls to the maintenance service, signed by equipment for itself (no person acts:
 * the inventory keeps its copy of plan coverage up to date on its own account), or for the person
 * whose request needs the answer (the hospital currency).
 */
@Injectable()
export class MaintenancePeer extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'maintenance service');
  }

  /** One page of the feed of active PM plans per device, after a position. */
  pmCoverage(request: ChangeFeedRequest): Promise<ChangeFeedPage<PmCoverageChange>> {
    return this.request(SUBJECTS.maintenance.pmCoverage, request);
  }

  /** A task's device and status (a recall action closed by that task). */
  taskRef(id: string): Promise<TaskRefAnswer> {
    return this.request(SUBJECTS.maintenance.taskRef, { id });
  }

  /** The hospital currency (maintenance keeps it with the labour rates), null until an Admin sets it. */
  async currency(actor: Actor): Promise<string | null> {
    const settings = await this.request<CostSettings>(
      SUBJECTS.maintenance.costCurrency,
      {},
      actingUserOfActor(actor),
    );
    return settings.currency;
  }
}
