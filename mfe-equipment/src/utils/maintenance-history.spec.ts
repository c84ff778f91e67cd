import type { DeviceHistoryTask } from '@caliber/contracts';
import { historyFacts, partsLine, workKind } from './maintenance-history';

/** Only the calendar date, so what is checked does not follow the machine's locale. */
const day = (value: string) => value.slice(0, 10);

const entry = (changes: Partial<DeviceHistoryTask> = {}): DeviceHistoryTask => ({
  _id: 'task-1',
  title: 'Alarm fails self-test',
  taskType: 'Repair',
  pmType: null,
  status: 'Pending',
  priority: 'High',
  dueDate: null,
  createdAt: '2025-03-04T08:00:00.000Z',
  completedDate: null,
  assignedTo: null,
  reportedBy: null,
  faultDescription: null,
  repairDetails: null,
  spareParts: [],
  certified: false,
  certificationEngineer: null,
  certifiedAt: null,
  ...changes,
});

describe("a device's maintenance history", () => {
  it('names the kind of work, with the PM type of preventive work', () => {
    expect(workKind(entry())).toBe('Repair');
    expect(workKind(entry({ taskType: 'Preventive', pmType: 'Safety Testing' }))).toBe(
      'Preventive · Safety Testing',
    );
  });

  it('says who and when, each only when it happened', () => {
    expect(historyFacts(entry(), day)).toEqual(['Opened 2025-03-04', 'unassigned']);
    expect(
      historyFacts(
        entry({
          completedDate: '2025-03-06T15:30:00.000Z',
          reportedBy: { _id: 'u1', name: 'Kofi Darko' },
          assignedTo: { _id: 'u2', name: 'Abena Addo' },
          certified: true,
          certificationEngineer: 'Kwame Boateng',
        }),
        day,
      ),
    ).toEqual([
      'Opened 2025-03-04',
      'completed 2025-03-06',
      'reported by Kofi Darko',
      'assigned to Abena Addo',
      'certified by Kwame Boateng',
    ]);
  });

  it('lists the spare parts as the work form writes them', () => {
    expect(partsLine(entry())).toBe('');
    expect(
      partsLine(
        entry({
          spareParts: [
            { name: 'Alarm speaker', quantity: 1, description: 'OEM' },
            { name: 'Fuse', quantity: 2, description: '' },
          ],
        }),
      ),
    ).toBe('Alarm speaker x 1, Fuse x 2');
  });
});
