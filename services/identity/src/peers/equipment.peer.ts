import { Inject, Injectable } from '@nestjs/common';
import { SUBJECTS, type ChangeFeedPage, type ListEntryChange } from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { PEERS_CHANNEL } from '../tokens';

/** Identity's calls to the equipment service, signed by identity for itself (no person acts). */
@Injectable()
export class EquipmentPeer extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'equipment service');
  }

  /** One page of the feed of hospital list entries, after a position. */
  listChanges(after: string): Promise<ChangeFeedPage<ListEntryChange>> {
    return this.request(SUBJECTS.equipment.listChanges, { after });
  }
}
