import {
  NOTIFICATION_TOPIC_OF_KIND,
  type DeliveryChannel,
  type NotificationKind,
  type NotificationRecipient,
  type NotificationTopic,
  type Role,
} from '@caliber/contracts';
import { linkFor, type Audience, type Intent } from './notification-rules';

/** One e-mail or SMS to make for a notification. */
export interface PlannedDelivery {
  channel: DeliveryChannel;
  address: string;
  /** Why it goes as it does, for the delivery record (a fallback page, a held message). */
  note: string | null;
}

/** One person's notification, with the messages it sends. */
export interface PlannedNotification {
  userId: string;
  /** The person's name then, for the delivery record. */
  recipientName: string;
  serviceNumber: string;
  kind: NotificationKind;
  topic: NotificationTopic;
  title: string;
  body: string;
  link: string;
  urgent: boolean;
  source: string;
  sourceSeq: string;
  deliveries: PlannedDelivery[];
  /** What a message says beyond `body` (the weekly digest's lists), kept with the notification. */
  detail?: unknown;
}

/** How the planner learns who an audience is (identity, over the bus). */
export interface AudienceReader {
  peopleByIds(ids: readonly string[]): Promise<NotificationRecipient[]>;
  peopleOf(roles: readonly Role[], departments?: readonly string[]): Promise<NotificationRecipient[]>;
}

/** Who covers a department now: the engineers on call, and its covering engineers (by id). */
export interface DepartmentCover {
  onCall: string[];
  covering: string[];
}

/** How the planner learns a department's cover (the on-call rota this service keeps). */
export interface CoverReader {
  coverOf(department: string, at: Date): Promise<DepartmentCover>;
}

/** Who may be paged by name: an engineer named on the rota who is still an active Engineer (or Admin). */
const PAGEABLE: ReadonlySet<Role> = new Set(['Engineer', 'Admin']);

const keyOf = (audience: Exclude<Audience, { ids: string[] }>) =>
  JSON.stringify([[...audience.roles].sort(), [...(audience.departments ?? [])].sort()]);

/**
 * Turns what a page of activity tells into each person's notification. Every audience is asked
 * once per page (people by id together, each role-and-department audience once). A person is told
 * only what their toggle of its topic allows, never of their own change; an urgent page goes
 * whatever the toggles (it is a page to whoever is on duty, not a preference). An urgent page of a
 * department goes to whoever is on call for it now; with nobody on call, to its covering engineers;
 * with none, to its own Engineers, and then to every Engineer. The delivery record says which. The
 * engineers named on the rota are asked of identity: one no longer active, or no longer an Engineer
 * or Admin, is not paged (and the next step is taken when nobody named is left).
 */
export async function planNotifications(
  intents: readonly Intent[],
  reader: AudienceReader,
  cover?: CoverReader,
  now: Date = new Date(),
): Promise<PlannedNotification[]> {
  const ids = new Set<string>();
  for (const intent of intents)
    if ('ids' in intent.audience) for (const id of intent.audience.ids) ids.add(id);
  const byId = new Map(
    (ids.size ? await reader.peopleByIds([...ids]) : []).map((person) => [person.id, person]),
  );
  const groups = new Map<string, NotificationRecipient[]>();
  const groupOf = async (audience: Exclude<Audience, { ids: string[] }>) => {
    const key = keyOf(audience);
    let people = groups.get(key);
    if (!people) {
      people = await reader.peopleOf(audience.roles, audience.departments);
      groups.set(key, people);
    }
    return people;
  };

  const planned: PlannedNotification[] = [];
  for (const intent of intents) {
    let people: NotificationRecipient[];
    let note: string | null = null;
    if ('ids' in intent.audience) {
      people = intent.audience.ids.flatMap((id) => byId.get(id) ?? []);
    } else {
      const named = cover && intent.urgent ? await namedCover(intent.audience, reader, cover, now) : null;
      if (named) {
        ({ people, note } = named);
      } else {
        people = await groupOf(intent.audience);
        const departments = intent.audience.departments?.join(', ');
        const onCall = cover ? `Nobody on call for ${departments} and no engineer covers it` : null;
        if (intent.urgent && people.length === 0 && departments) {
          people = await groupOf({ roles: intent.audience.roles });
          note = onCall
            ? `${onCall}: paged every Engineer.`
            : `No Engineer covers ${departments}: paged every Engineer.`;
        } else if (intent.urgent && departments) {
          note = onCall ? `${onCall}: paged its Engineers.` : `Paged the Engineers of ${departments}.`;
        }
      }
    }
    const topic = NOTIFICATION_TOPIC_OF_KIND[intent.kind];
    for (const person of people) {
      if (person.id === intent.actorId) continue;
      if (!intent.urgent && !person.notifications[topic]) continue;
      const deliveries: PlannedDelivery[] = [];
      if (person.email && (person.notifications[topic] || intent.urgent))
        deliveries.push({ channel: 'email', address: person.email, note: intent.urgent ? note : null });
      if (intent.urgent && person.phone) deliveries.push({ channel: 'sms', address: person.phone, note });
      planned.push({
        userId: person.id,
        recipientName: person.name.slice(0, 120),
        serviceNumber: person.serviceNumber.slice(0, 32),
        kind: intent.kind,
        topic,
        title: intent.title.slice(0, 300),
        body: intent.body.slice(0, 1000),
        link: linkFor(intent.subject, person.role),
        urgent: intent.urgent,
        source: intent.source,
        sourceSeq: intent.sourceSeq,
        deliveries,
      });
    }
  }
  return planned;
}

/**
 * The people named for an urgent page of one department (on call now, else covering), with the
 * delivery record's note; null when nobody named is an active Engineer, and the department's
 * Engineers are paged instead.
 */
async function namedCover(
  audience: Exclude<Audience, { ids: string[] }>,
  reader: AudienceReader,
  cover: CoverReader,
  now: Date,
): Promise<{ people: NotificationRecipient[]; note: string } | null> {
  const department = audience.departments?.length === 1 ? audience.departments[0] : undefined;
  if (department === undefined) return null;
  const { onCall, covering } = await cover.coverOf(department, now);
  const active = async (ids: readonly string[]) =>
    ids.length ? (await reader.peopleByIds(ids)).filter((person) => PAGEABLE.has(person.role)) : [];
  const onCallPeople = await active(onCall);
  if (onCallPeople.length)
    return {
      people: onCallPeople,
      note: `On call for ${department}: ${onCallPeople.map((p) => p.name).join(', ')}`.slice(0, 300),
    };
  const coveringPeople = await active(covering);
  if (coveringPeople.length)
    return { people: coveringPeople, note: `Nobody on call for ${department}: paged its covering engineers` };
  return null;
}
