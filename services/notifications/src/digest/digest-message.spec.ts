import type { DigestList } from '@caliber/contracts';
import type { MessageContext } from '../delivery/messages';
import { digestEmailOf, digestSummary, digestTitle, type DigestContent } from './digest-message';

const context: MessageContext = {
  productName: 'Caliber',
  publicUrl: 'https://cmms.hospital.example',
  unsubscribeUrl: (topic) => `https://cmms.hospital.example/unsubscribe?token=T-${topic}`,
  oneClickUrl: (topic) => `https://cmms.hospital.example/api/notifications/unsubscribe?token=T-${topic}`,
};

const list = (total: number, titles: string[]): DigestList => ({
  total,
  rows: titles.map((title, i) => ({ id: `id-${title}-${i}`, title, detail: `Ventilator (SN V-${i})` })),
});

const content: DigestContent = {
  from: '2026-11-30',
  to: '2026-12-06',
  department: 'ICU',
  overdue: list(1, ['Alarm fails self-test']),
  open: list(
    12,
    Array.from({ length: 10 }, (_, i) => `Open ${i + 1}`),
  ),
  pmDue: list(0, []),
  outOfService: list(1, ['Infusion pump <B>']),
  recallActions: list(0, []),
  figures: {
    tasks: { total: 120, pending: 30, inProgress: 20, completed: 70, overdue: 6, awaitingCertification: 9 },
    equipment: {
      total: 1248,
      serviceable: 1152,
      maintenance: 61,
      unserviceable: 27,
      recalls: { openNotices: 2, awaitingAction: 14 },
    },
  },
};

describe('the weekly digest e-mail', () => {
  it('is titled with the open tasks and the overdue among them', () => {
    expect(digestTitle(content, 'Caliber')).toBe('Your week in Caliber: 13 open tasks, 1 overdue');
    expect(digestTitle({ ...content, open: list(0, []), overdue: list(1, ['x']) }, 'Caliber')).toBe(
      'Your week in Caliber: 1 open task, 1 overdue',
    );
    expect(digestSummary(content)).toBe(
      '13 open tasks (1 overdue), 0 PMs due this week, 1 device of ICU out of service, 0 open recall actions.',
    );
  });

  it('lists each part with links, bounds each list with "and N more", and gives the figures and the way to stop', () => {
    const mail = digestEmailOf('tech@hospital.example', content, context, '<m@notifications.caliber>');
    expect(mail.subject).toBe('Your week in Caliber: 13 open tasks, 1 overdue');
    expect(mail.text).toContain(
      'Overdue (1)\n- Alarm fails self-test: Ventilator (SN V-0)\n  https://cmms.hospital.example/tasks?task=id-Alarm%20fails%20self-test-0',
    );
    expect(mail.text).toContain('Open tasks (12)');
    expect(mail.text).toContain('- Open 10: ');
    expect(mail.text).toContain('and 2 more: https://cmms.hospital.example/tasks');
    expect(mail.text).toContain('PM due this week (2026-11-30 to 2026-12-06) (0)\nNo PM due this week.');
    expect(mail.text).toContain(
      'Devices of ICU out of service (1)\n- Infusion pump <B>: Ventilator (SN V-0)',
    );
    expect(mail.text).toContain('Open recall actions in ICU (0)\nNone.');
    expect(mail.text).toContain(
      'Tasks: 120 in all, 30 pending, 20 in progress, 70 completed; 6 overdue; 9 awaiting certification.',
    );
    expect(mail.text).toContain(
      'Equipment: 1248 in all, 1152 serviceable, 61 under maintenance, 27 unserviceable. Recalls: 2 open notices, 14 devices awaiting action.',
    );
    expect(mail.text).toContain(
      'To stop e-mails about the weekly digest: https://cmms.hospital.example/unsubscribe?token=T-weeklyDigest',
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe':
        '<https://cmms.hospital.example/api/notifications/unsubscribe?token=T-weeklyDigest>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain('Infusion pump &lt;B&gt;');
    expect(mail.html).not.toContain('<B>');
    expect(mail.html).toContain('>and 2 more</a>');
  });

  it('has no figures or department parts for a person without them', () => {
    const mail = digestEmailOf(
      'tech@hospital.example',
      { ...content, department: null, outOfService: null, recallActions: null, figures: null },
      context,
      '<m@notifications.caliber>',
    );
    expect(mail.text).not.toContain('out of service');
    expect(mail.text).not.toContain('Figures');
  });
});
