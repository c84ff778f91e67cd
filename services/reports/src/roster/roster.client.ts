import { Inject, Injectable } from '@nestjs/common';
import { SUBJECTS, type StaffStanding } from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { ownerAsUser, type ReportOwner } from '../jobs/report-jobs.repository';
import type { RosterAddress } from '../mail/mail-policy';
import { PEERS_CHANNEL } from '../tokens';

/**
 * A person as the roster has them now: who they are, their role, their roster address and
 * whether they confirmed it (only a confirmed address receives their reports).
 */
export interface RosterPerson extends ReportOwner, RosterAddress {}

/** The person as a report's owner (what a report records and what it is read as). */
export function ownerFromRoster(person: RosterPerson): ReportOwner {
  return { id: person.id, name: person.name, role: person.role, serviceNumber: person.serviceNumber };
}

/**
 * What the roster says of a report's requester now: `current` with the person as they are (their
 * role now decides what the report shows), or why no report may be made or sent for them.
 */
export type RequesterStanding =
  { current: true; person: RosterPerson } | { current: false; why: 'deactivated' | 'removed' };

/**
 * The reports service's question to identity (`identity.users.standing`), asked as the reports
 * service on the requester's behalf: before a report is written, before its e-mail is sent, at
 * each schedule's turn, and when a request names an address outside the allowed domains. A roster
 * that does not answer is an error (the attempt is retried), never a "yes".
 */
@Injectable()
export class RosterClient extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'staff roster service');
  }

  async standing(owner: ReportOwner): Promise<RequesterStanding> {
    const { person } = await this.request<StaffStanding>(
      SUBJECTS.identity.standing,
      { id: owner.id },
      ownerAsUser(owner),
    );
    if (!person) return { current: false, why: 'removed' };
    if (!person.isActive) return { current: false, why: 'deactivated' };
    return {
      current: true,
      person: {
        id: person._id,
        name: person.name,
        role: person.role,
        serviceNumber: person.serviceNumber,
        email: person.email,
        // A previous identity release does not say: not confirmed, so no report goes to it.
        emailConfirmed: person.emailConfirmed === true,
      },
    };
  }
}
