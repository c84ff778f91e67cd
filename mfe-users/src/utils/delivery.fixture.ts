import type { DeliveryRecord, DeliveryRecordPage } from '@caliber/contracts';

/** One row of the delivery record as the API answers it, for tests: an e-mail sent at the first try. */
export function deliveryFixture(changes: Partial<DeliveryRecord> = {}): DeliveryRecord {
  return {
    id: 'd1',
    notificationId: 'n1',
    kind: 'task-assigned',
    title: 'Task assigned to you: Alarm fails self-test',
    recipientId: 'u1',
    recipientName: 'Kofi Darko',
    recipientServiceNumber: 'BME-2001',
    channel: 'email',
    address: 'k•••@hospital.example',
    state: 'sent',
    attempts: 1,
    note: null,
    lastError: null,
    createdAt: '2026-11-29T08:14:03.000Z',
    nextAttemptAt: null,
    sentAt: '2026-11-29T08:14:05.000Z',
    ...changes,
  };
}

/** `GET /notification-deliveries` as the service answers it: 25 a page. */
export function deliveryPage(rows: DeliveryRecord[], page = 1, total = rows.length): DeliveryRecordPage {
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / 25)), limit: 25 };
}
