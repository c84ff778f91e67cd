import type { NotificationKind, NotificationTopic } from '@caliber/contracts';
import type { MailMessage } from '@caliber/service-kit';

/** A notification as a message carries it. */
export interface MessageItem {
  kind: NotificationKind;
  topic: NotificationTopic;
  title: string;
  body: string;
  link: string;
  urgent: boolean;
}

export interface MessageContext {
  productName: string;
  publicUrl: string;
  /** The page of the e-mail's link that turns off a topic for this person (it asks before it does). */
  unsubscribeUrl: (topic: NotificationTopic) => string;
  /** The address a mail client posts to at once (`List-Unsubscribe`, RFC 8058). */
  oneClickUrl: (topic: NotificationTopic) => string;
}

export const TOPIC_WORDS: Record<NotificationTopic, string> = {
  taskUpdates: 'task updates',
  inventory: 'inventory changes',
  weeklyDigest: 'the weekly digest',
};

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * One e-mail for one or more notifications of one person (several when a burst past their hourly
 * limit was gathered): text and HTML, each with the link back to its record, and the one-click
 * way to stop e-mails of the topic (the `List-Unsubscribe` header of RFC 8058 and a link in the
 * text). An urgent page is never stopped that way: it is not a subscription.
 */
export function emailOf(
  to: string,
  items: readonly [MessageItem, ...MessageItem[]],
  context: MessageContext,
  messageId: string,
): MailMessage {
  const [first] = items;
  const subject =
    items.length === 1
      ? `${first.urgent ? 'URGENT: ' : ''}${first.title}`
      : `${items.length} notifications from ${context.productName}`;
  const url = (item: MessageItem) => `${context.publicUrl}${item.link}`;
  const topics = [...new Set(items.filter((item) => !item.urgent).map((item) => item.topic))];
  const footer = footerOf(topics, context);
  const text = [
    ...items.map((item) => `${item.title}\n${item.body}\nOpen: ${url(item)}`),
    ...footer.text,
  ].join('\n\n');
  const html = [
    HTML_HEAD,
    ...items.map(
      (item) =>
        `<p><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.body)}<br><a href="${escapeHtml(url(item))}">Open in ${escapeHtml(context.productName)}</a></p>`,
    ),
    footer.html,
    HTML_TAIL,
  ].join('');
  return { to, subject: subject.slice(0, 200), text, html, messageId, ...footer.headers };
}

export const HTML_HEAD =
  '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">';
export const HTML_TAIL = '</body></html>';

/**
 * The end of every e-mail: where to choose what is told (Settings), the link that stops each
 * topic of the message, and for a message of one topic the one-click `List-Unsubscribe` headers.
 */
export function footerOf(
  topics: readonly NotificationTopic[],
  context: MessageContext,
): { text: string[]; html: string; headers: Pick<MailMessage, 'headers'> } {
  const [topic] = topics;
  return {
    text: [
      `You can choose what ${context.productName} tells you in Settings: ${context.publicUrl}/settings`,
      ...topics.map((t) => `To stop e-mails about ${TOPIC_WORDS[t]}: ${context.unsubscribeUrl(t)}`),
    ],
    html: [
      `<p style="color:#555;font-size:0.9em">You can choose what ${escapeHtml(context.productName)} tells you in <a href="${escapeHtml(`${context.publicUrl}/settings`)}">Settings</a>.`,
      ...topics.map(
        (t) =>
          ` <a href="${escapeHtml(context.unsubscribeUrl(t))}">Stop e-mails about ${TOPIC_WORDS[t]}</a>.`,
      ),
      '</p>',
    ].join(''),
    headers:
      topic && topics.length === 1
        ? {
            headers: {
              'List-Unsubscribe': `<${context.oneClickUrl(topic)}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {},
  };
}

/** A text message: short, the first title and the link, and how many more wait in the app. */
export function smsOf(items: readonly [MessageItem, ...MessageItem[]], context: MessageContext): string {
  const [first] = items;
  const more = items.length > 1 ? ` (+${items.length - 1} more in ${context.productName})` : '';
  const head = `${context.productName}: ${first.urgent ? 'URGENT ' : ''}${first.title}${more}`;
  return `${head.slice(0, 250)} ${context.publicUrl}${first.link}`;
}
