import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  canonicalRole,
  DEFAULT_NOTIFICATION_SETTINGS,
  type notificationRecipientsRequestSchema,
  type NotificationRecipient,
  type NotificationRecipientsPage,
  type NotificationSettings,
} from '@caliber/contracts';
import type { Repository } from 'typeorm';
import type { z } from 'zod';
import { UserEntity } from '../users/user.entity';

/** Who to tell: some people by id, or everyone active of some roles (in some departments), a page at a time. */
export type RecipientsQuery = z.output<typeof notificationRecipientsRequestSchema>;

/**
 * A person as the notifying service may reach them.
 * - `email` only when its owner confirmed it: a notification goes to the address unasked, again
 *   and again, with the hospital's devices and tasks in it, so an address someone else typed (an
 *   Admin on the Users screen, a roster import, one kept from before confirmation existed) is not
 *   used until its owner opens the confirmation link from Settings. The hospital's mail domains
 *   that reports trust (`REPORT_MAIL_DOMAINS`) are not an exception here: identity does not hold
 *   that list, and the bell and the SMS reach the person meanwhile.
 * - `phone` as rostered: the number the person signs in with, so proved at every sign-in.
 * - `notifications`: the person's toggles, with the defaults for any never saved.
 */
function toRecipient(user: UserEntity): NotificationRecipient {
  // A toggle never saved (a row older than it) is its default.
  const stored: Partial<NotificationSettings> = user.notifications;
  return {
    id: user.id,
    name: user.name,
    serviceNumber: user.serviceNumber,
    role: canonicalRole(user.role) ?? user.role,
    department: user.department || null,
    email: user.email && user.emailConfirmedAt ? user.email : null,
    phone: user.phoneNumber || null,
    notifications: {
      taskUpdates: stored.taskUpdates ?? DEFAULT_NOTIFICATION_SETTINGS.taskUpdates,
      inventory: stored.inventory ?? DEFAULT_NOTIFICATION_SETTINGS.inventory,
      weeklyDigest: stored.weeklyDigest ?? DEFAULT_NOTIFICATION_SETTINGS.weeklyDigest,
    },
  };
}

/**
 * The people a notification goes to, for the notifying service only: active people alone, ids
 * ascending. By ids, the active ones among them (at most 200 asked, so one answer). By roles, a
 * page of `limit` after the id `after`, optionally in some departments; `next` is the page's last
 * id when more follow.
 */
@Injectable()
export class NotificationRecipientsService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async find(query: RecipientsQuery): Promise<NotificationRecipientsPage> {
    const builder = this.users
      .createQueryBuilder('user')
      .where('user.isActive = true')
      .orderBy('user.id', 'ASC');
    if ('ids' in query) {
      const people = await builder.andWhere('user.id IN (:...ids)', { ids: query.ids }).getMany();
      return { people: people.map(toRecipient), next: null };
    }
    builder.andWhere('user.role IN (:...roles)', { roles: query.roles });
    if (query.departments) {
      // An empty list names no department: nobody is in it.
      if (query.departments.length === 0) return { people: [], next: null };
      builder.andWhere('user.department IN (:...departments)', { departments: query.departments });
    }
    if (query.after) builder.andWhere('user.id > :after', { after: query.after });
    // One more than the page, to tell whether more follow.
    const found = await builder.limit(query.limit + 1).getMany();
    const people = found.slice(0, query.limit);
    return {
      people: people.map(toRecipient),
      next: found.length > people.length ? (people.at(-1)?.id ?? null) : null,
    };
  }
}
