import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '@caliber/contracts';

/** What an unsubscribe link names: whose e-mails of which topic stop. */
export interface UnsubscribeClaim {
  userId: string;
  topic: NotificationTopic;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The token of a one-click unsubscribe link, signed with the notifying service's own statement
 * key: `<user id>.<topic>.<signature>`. It never expires (a link in an old e-mail still works; all
 * it can do is turn one kind of e-mail off for the person it was sent to), and it stops working
 * when the service's key is rotated, after which the person uses Settings.
 */
export function unsubscribeToken(key: KeyObject, claim: UnsubscribeClaim): string {
  const text = `${claim.userId}.${claim.topic}`;
  return `${text}.${sign(null, Buffer.from(`unsubscribe:${text}`), key).toString('base64url')}`;
}

/** The claim of a token this service signed, or null for anything else. */
export function readUnsubscribeToken(key: KeyObject, token: string): UnsubscribeClaim | null {
  const [userId, topic, signature, ...rest] = token.split('.');
  if (rest.length || !userId || !topic || !signature || !ID.test(userId)) return null;
  if (!(NOTIFICATION_TOPICS as readonly string[]).includes(topic)) return null;
  const ok = verify(
    null,
    Buffer.from(`unsubscribe:${userId}.${topic}`),
    createPublicKey(key),
    Buffer.from(signature, 'base64url'),
  );
  return ok ? { userId, topic: topic as NotificationTopic } : null;
}
