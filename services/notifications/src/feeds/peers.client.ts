import { Inject, Injectable } from '@nestjs/common';
import {
  CHANGE_FEED_PAGE_LIMIT,
  SUBJECTS,
  type ContractsRenewalDuePage,
  type ContractsRenewalDueRequest,
  type ActivityChange,
  type ChangeFeedPage,
  type DigestDepartmentAnswer,
  type DigestDepartmentRequest,
  type DigestTasksAnswer,
  type DigestTasksRequest,
  type PmBecameOverduePage,
  type PmBecameOverdueRequest,
  type NotificationRecipient,
  type NotificationRecipientsPage,
  type NotificationRecipientsRequest,
  type Role,
} from '@caliber/contracts';
import { DomainServiceClient, type ServiceChannel } from '@caliber/service-kit';
import { PEERS_CHANNEL } from '../tokens';

/** The feeds the notifying service follows, by the name kept with its position. */
export const ACTIVITY_SOURCES = {
  maintenance: SUBJECTS.maintenance.activity,
  equipment: SUBJECTS.equipment.activity,
} as const;
export type ActivitySource = keyof typeof ACTIVITY_SOURCES;

/** At most this many people are asked for by id at once (the contract's limit). */
const IDS_PER_REQUEST = 200;
/** A department's audience is read at most this many pages deep (500 people a page). */
const MAX_AUDIENCE_PAGES = 20;

/**
 * The notifying service's questions to the others, as itself: the activity of tasks, safety tests
 * and the inventory, and who the people to tell are. A service that does not answer is an error:
 * the page is read again later, and nothing is lost meanwhile.
 */
@Injectable()
export class PeersClient extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'activity feeds and roster');
  }

  activity(source: ActivitySource, after: string): Promise<ChangeFeedPage<ActivityChange>> {
    return this.request(ACTIVITY_SOURCES[source], { after, limit: CHANGE_FEED_PAGE_LIMIT });
  }

  async peopleByIds(ids: readonly string[]): Promise<NotificationRecipient[]> {
    const people: NotificationRecipient[] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
      const request: NotificationRecipientsRequest = { ids: ids.slice(start, start + IDS_PER_REQUEST) };
      const page = await this.request<NotificationRecipientsPage>(
        SUBJECTS.identity.notificationRecipients,
        request,
      );
      people.push(...page.people);
    }
    return people;
  }

  async peopleOf(roles: readonly Role[], departments?: readonly string[]): Promise<NotificationRecipient[]> {
    const people: NotificationRecipient[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < MAX_AUDIENCE_PAGES; pages += 1) {
      const request: NotificationRecipientsRequest = {
        roles: [...roles],
        ...(departments ? { departments: [...departments] } : {}),
        ...(after ? { after } : {}),
      };
      const page = await this.request<NotificationRecipientsPage>(
        SUBJECTS.identity.notificationRecipients,
        request,
      );
      people.push(...page.people);
      if (!page.next) break;
      after = page.next;
    }
    return people;
  }

  /** One page of everyone active of the roles (ids ascending), for a pass over the whole roster. */
  recipientsPage(roles: readonly Role[], after?: string): Promise<NotificationRecipientsPage> {
    const request: NotificationRecipientsRequest = { roles: [...roles], ...(after ? { after } : {}) };
    return this.request(SUBJECTS.identity.notificationRecipients, request);
  }

  digestTasks(request: DigestTasksRequest): Promise<DigestTasksAnswer> {
    return this.request(SUBJECTS.maintenance.digestTasks, request);
  }

  digestDepartment(request: DigestDepartmentRequest): Promise<DigestDepartmentAnswer> {
    return this.request(SUBJECTS.equipment.digestDepartment, request);
  }

  pmBecameOverdue(request: PmBecameOverdueRequest): Promise<PmBecameOverduePage> {
    return this.request(SUBJECTS.maintenance.pmBecameOverdue, request);
  }

  /** A page of the service contracts in force within 90 days of their end on a date. */
  contractsRenewalDue(request: ContractsRenewalDueRequest): Promise<ContractsRenewalDuePage> {
    return this.request(SUBJECTS.equipment.contractsRenewalDue, request);
  }
}
