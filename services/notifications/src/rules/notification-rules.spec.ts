import type { ActivityChange, NotificationRecipient, TaskActivity } from '@caliber/contracts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@caliber/contracts';
import { intentsOf, linkFor } from './notification-rules';
import { planNotifications, type AudienceReader, type CoverReader } from './planner';

const REPORTER = '11111111-1111-4111-8111-111111111111';
const TECH = '22222222-2222-4222-8222-222222222222';
const OTHER_TECH = '33333333-3333-4333-8333-333333333333';
const ENGINEER = '44444444-4444-4444-8444-444444444444';

const task = (fields: Partial<TaskActivity> = {}): TaskActivity => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  title: 'Alarm fails self-test',
  type: 'Repair',
  priority: 'Medium',
  status: 'Pending',
  reportedById: REPORTER,
  assigneeId: TECH,
  assigneeName: 'Kofi Mensah',
  needsCertification: false,
  certified: false,
  equipmentId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  deviceName: 'Ventilator Hamilton C6',
  serialNumber: 'HC6-20417',
  department: 'ICU',
  highRisk: false,
  lifeSupport: false,
  ...fields,
});

let seq = 0;
const change = (fields: Partial<ActivityChange>): ActivityChange => ({
  seq: String((seq += 1)),
  at: '2026-11-29T08:00:00.000Z',
  entity: 'task',
  entityId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  action: 'created',
  changes: {},
  actorId: ENGINEER,
  actorLabel: 'ENG-0002',
  ...fields,
});

const kinds = (changes: ActivityChange[]) =>
  intentsOf(changes, 'maintenance').map((i) => [
    i.kind,
    'ids' in i.audience ? i.audience.ids : i.audience.roles,
  ]);

describe('what a task’s change tells whom', () => {
  it('tells the assignee of a new task, and pages the department’s Engineers for an urgent fault', () => {
    expect(kinds([change({ task: task() })])).toEqual([['task-assigned', [TECH]]]);
    const urgent = intentsOf(
      [change({ task: task({ priority: 'High', lifeSupport: true, assigneeId: null }) })],
      'maintenance',
    );
    expect(urgent).toHaveLength(1);
    expect(urgent[0]).toMatchObject({
      kind: 'urgent-fault',
      urgent: true,
      audience: { roles: ['Engineer'], departments: ['ICU'] },
    });
    // Not urgent: a Low priority, a device that is neither High-risk nor life-support, a PM task.
    for (const quiet of [
      task({ priority: 'Low', lifeSupport: true }),
      task({ priority: 'Urgent' }),
      task({ priority: 'Urgent', highRisk: true, type: 'Preventive' }),
    ])
      expect(intentsOf([change({ task: { ...quiet, assigneeId: null } })], 'maintenance')).toEqual([]);
  });

  it('tells the new assignee and the one it was taken from', () => {
    expect(
      kinds([
        change({
          action: 'updated',
          changes: { assignedToId: { from: OTHER_TECH, to: TECH } },
          task: task(),
        }),
      ]),
    ).toEqual([
      ['task-assigned', [TECH]],
      ['task-unassigned', [OTHER_TECH]],
    ]);
  });

  it('tells the reporter as their report moves, and the Engineers when work waits for them', () => {
    const moved = (from: string, to: string, fields: Partial<TaskActivity> = {}, extra = {}) =>
      change({
        action: 'status-changed',
        actorId: TECH,
        changes: { status: { from, to }, ...extra },
        task: task(fields),
      });
    expect(kinds([moved('Pending', 'In Progress')])).toEqual([['reported-task-changed', [REPORTER]]]);
    expect(
      kinds([
        moved(
          'In Progress',
          'Completed',
          { needsCertification: true },
          { needsCertification: { from: false, to: true } },
        ),
      ]),
    ).toEqual([
      ['reported-task-changed', [REPORTER]],
      ['awaiting-certification', ['Engineer']],
    ]);
    expect(kinds([moved('Pending', 'Cancelled')])).toEqual([
      ['reported-task-changed', [REPORTER]],
      ['task-unassigned', [TECH]],
    ]);
    expect(kinds([moved('Completed', 'In Progress')])).toEqual([
      ['work-returned', [TECH]],
      ['reported-task-changed', [REPORTER]],
    ]);
    expect(kinds([change({ action: 'certified', task: task() })])).toEqual([
      ['work-certified', [TECH]],
      ['reported-task-changed', [REPORTER]],
    ]);
    // Work recorded, a report added: nobody is told.
    expect(kinds([change({ action: 'work-recorded', task: task() })])).toEqual([]);
  });
});

describe('what the inventory’s changes tell', () => {
  const device = {
    id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    name: 'Infusion pump',
    serialNumber: 'IP-1',
    department: 'ICU',
    status: 'Unserviceable',
  };
  const status = (from: string | null, to: string) =>
    change({ entity: 'equipment', action: 'status-changed', changes: { status: { from, to } }, device });

  it('tells the department when a device leaves service, comes back or is retired, not between two ways out', () => {
    const titles = (c: ActivityChange) => intentsOf([c], 'equipment').map((i) => i.title);
    expect(titles(status('Serviceable', 'Unserviceable'))).toEqual(['Out of service: Infusion pump']);
    expect(titles(status('Unserviceable', 'Serviceable'))).toEqual(['Back in service: Infusion pump']);
    expect(titles(status('Serviceable', 'Decommissioned'))).toEqual(['Decommissioned: Infusion pump']);
    expect(titles(status('Unserviceable', 'Under Maintenance'))).toEqual([]);
  });

  it('gathers a notice’s matches per department into one notification', () => {
    const found = (equipmentId: string, department: string) =>
      change({
        entity: 'recall-device',
        action: 'found',
        recall: {
          recallId: 'r1',
          title: 'Battery may overheat',
          reference: 'FSN-2026-11',
          equipmentId,
          deviceName: 'Pump',
          serialNumber: equipmentId,
          department,
        },
      });
    const intents = intentsOf([found('a', 'ICU'), found('b', 'ICU'), found('c', 'Theatre')], 'equipment');
    expect(intents.map((i) => [i.title, i.body])).toEqual([
      ['Recall FSN-2026-11: Battery may overheat', 'It concerns 2 devices of ICU, among them Pump (SN a).'],
      ['Recall FSN-2026-11: Battery may overheat', 'It concerns Pump (SN c), Theatre.'],
    ]);
  });

  it('tells the department of a failed safety test only', () => {
    const test = (passed: boolean) =>
      change({
        entity: 'safety-test',
        action: 'recorded',
        safetyTest: {
          id: 't',
          passed,
          equipmentId: device.id,
          deviceName: 'Pump',
          serialNumber: 'IP-1',
          department: 'ICU',
        },
      });
    expect(intentsOf([test(true)], 'maintenance')).toEqual([]);
    const failed = intentsOf([test(false)], 'maintenance');
    expect(failed.map((i) => i.kind)).toEqual(['safety-test-failed']);
    // Clinical staff do not read safety tests (nor recalls): they are not told of them.
    expect(failed[0]?.audience).toEqual({
      roles: ['Technician', 'Engineer', 'Manager', 'Admin'],
      departments: ['ICU'],
    });
  });
});

describe('planning who is told and where', () => {
  const person = (
    id: string,
    role: NotificationRecipient['role'],
    fields: Partial<NotificationRecipient> = {},
  ): NotificationRecipient => ({
    id,
    name: `Person ${id.slice(0, 4)}`,
    serviceNumber: `SN-${id.slice(0, 4)}`,
    role,
    department: 'ICU',
    email: `${id.slice(0, 4)}@hospital.example`,
    phone: '+233200000001',
    notifications: DEFAULT_NOTIFICATION_SETTINGS,
    ...fields,
  });
  const reader = (people: NotificationRecipient[], calls: string[] = []): AudienceReader => ({
    peopleByIds: (ids) => {
      calls.push(`ids:${ids.length}`);
      return Promise.resolve(people.filter((p) => ids.includes(p.id)));
    },
    peopleOf: (roles, departments) => {
      calls.push(`roles:${roles.join()}:${departments?.join() ?? '*'}`);
      return Promise.resolve(
        people.filter(
          (p) => roles.includes(p.role) && (!departments || departments.includes(p.department ?? '')),
        ),
      );
    },
  });

  it('follows each person’s toggle, never tells the actor, and e-mails only those with an address', async () => {
    const intents = intentsOf(
      [change({ task: task(), actorId: TECH }), change({ task: task({ assigneeId: OTHER_TECH }) })],
      'maintenance',
    );
    const planned = await planNotifications(
      intents,
      reader([person(TECH, 'Technician'), person(OTHER_TECH, 'Technician', { email: null })]),
    );
    expect(planned.map((p) => [p.userId, p.deliveries.map((d) => d.channel)])).toEqual([[OTHER_TECH, []]]);
    const off = await planNotifications(
      intentsOf([change({ task: task() })], 'maintenance'),
      reader([
        person(TECH, 'Technician', {
          notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, taskUpdates: false },
        }),
      ]),
    );
    expect(off).toEqual([]);
  });

  it('pages every Engineer by SMS when the department has none, whatever their toggles, and says so', async () => {
    const calls: string[] = [];
    const planned = await planNotifications(
      intentsOf(
        [
          change({
            actorId: REPORTER,
            task: task({ priority: 'Urgent', highRisk: true, assigneeId: null, department: 'Theatre' }),
          }),
        ],
        'maintenance',
      ),
      reader(
        [
          person(ENGINEER, 'Engineer', {
            department: 'TSEU',
            notifications: { taskUpdates: false, inventory: false, weeklyDigest: false },
          }),
        ],
        calls,
      ),
    );
    expect(calls).toEqual(['roles:Engineer:Theatre', 'roles:Engineer:*']);
    expect(planned).toHaveLength(1);
    expect(planned[0]?.deliveries).toEqual([
      {
        channel: 'email',
        address: '4444@hospital.example',
        note: 'No Engineer covers Theatre: paged every Engineer.',
      },
      { channel: 'sms', address: '+233200000001', note: 'No Engineer covers Theatre: paged every Engineer.' },
    ]);
  });

  it('links clinical staff to their own reports and their ward’s devices', () => {
    expect(linkFor({ task: 't1' }, 'Technician')).toBe('/tasks?task=t1');
    expect(linkFor({ task: 't1' }, 'Clinical')).toBe('/my-reports');
    expect(linkFor({ recall: 'r1', device: 'd1' }, 'Engineer')).toBe('/equipment/recalls/r1');
    expect(linkFor({ recall: 'r1', device: 'd1' }, 'Clinical')).toBe('/equipment/d1');
  });
});

describe('who an urgent page goes to: on call, covering, the department’s, every Engineer', () => {
  const KWAME = '55555555-5555-4555-8555-555555555555';
  const AMA = '66666666-6666-4666-8666-666666666666';
  const person = (id: string, role: NotificationRecipient['role'], department: string, name: string) => ({
    id,
    name,
    serviceNumber: `SN-${id.slice(0, 4)}`,
    role,
    department,
    email: null,
    phone: `+2332000${id.slice(0, 5)}`,
    notifications: DEFAULT_NOTIFICATION_SETTINGS,
  });
  const roster: NotificationRecipient[] = [
    person(ENGINEER, 'Engineer', 'ICU', 'Yaw Asante'),
    person(KWAME, 'Engineer', 'TSEU', 'Kwame Boateng'),
    person(AMA, 'Engineer', 'Radiology', 'Ama Owusu'),
    person(TECH, 'Technician', 'ICU', 'Kofi Mensah'),
  ];
  const reader: AudienceReader = {
    peopleByIds: (ids) => Promise.resolve(roster.filter((p) => ids.includes(p.id))),
    peopleOf: (roles, departments) =>
      Promise.resolve(
        roster.filter(
          (p) => roles.includes(p.role) && (!departments || departments.includes(p.department ?? '')),
        ),
      ),
  };
  const cover = (onCall: string[], covering: string[]): CoverReader => ({
    coverOf: (department) =>
      Promise.resolve(department === 'ICU' ? { onCall, covering } : { onCall: [], covering: [] }),
  });
  const urgentIn = (department: string) =>
    intentsOf(
      [
        change({
          actorId: REPORTER,
          task: task({ priority: 'High', lifeSupport: true, assigneeId: null, department }),
        }),
      ],
      'maintenance',
    );
  const paged = (planned: Awaited<ReturnType<typeof planNotifications>>) =>
    planned.map((p) => [p.recipientName, p.deliveries.find((d) => d.channel === 'sms')?.note]);

  it('pages whoever is on call now, and only them', async () => {
    const planned = await planNotifications(urgentIn('ICU'), reader, cover([KWAME], [AMA]));
    expect(paged(planned)).toEqual([['Kwame Boateng', 'On call for ICU: Kwame Boateng']]);
  });

  it('with nobody on call, pages the department’s covering engineers', async () => {
    const planned = await planNotifications(urgentIn('ICU'), reader, cover([], [AMA, KWAME]));
    expect(paged(planned)).toEqual([
      ['Kwame Boateng', 'Nobody on call for ICU: paged its covering engineers'],
      ['Ama Owusu', 'Nobody on call for ICU: paged its covering engineers'],
    ]);
  });

  it('with nobody on call and none covering, pages the department’s Engineers', async () => {
    const planned = await planNotifications(urgentIn('ICU'), reader, cover([], []));
    expect(paged(planned)).toEqual([
      ['Yaw Asante', 'Nobody on call for ICU and no engineer covers it: paged its Engineers.'],
    ]);
  });

  it('with nobody on call, none covering and no Engineer of its own, pages every Engineer', async () => {
    const planned = await planNotifications(urgentIn('Theatre'), reader, cover([], []));
    expect(paged(planned).map(([name]) => name)).toEqual(['Yaw Asante', 'Kwame Boateng', 'Ama Owusu']);
    expect(new Set(paged(planned).map(([, note]) => note))).toEqual(
      new Set(['Nobody on call for Theatre and no engineer covers it: paged every Engineer.']),
    );
  });

  it('skips named engineers who are no longer active Engineers on the roster', async () => {
    // TECH is not an Engineer, and a departed engineer is not in identity's answer at all.
    const planned = await planNotifications(
      urgentIn('ICU'),
      reader,
      cover([TECH, '77777777-7777-4777-8777-777777777777'], [AMA]),
    );
    expect(paged(planned)).toEqual([['Ama Owusu', 'Nobody on call for ICU: paged its covering engineers']]);
  });
});
