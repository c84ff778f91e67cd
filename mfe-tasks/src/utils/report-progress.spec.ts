import type { TaskDto } from '@caliber/contracts';
import { reportProgress } from './report-progress';

const report = (changes: Partial<TaskDto>): TaskDto =>
  ({
    status: 'Pending',
    assignedTo: null,
    certified: false,
    certifiedAt: null,
    needsCertification: true,
    completedDate: null,
    ...changes,
  }) as TaskDto;

describe('reportProgress: a fault report as its reporter follows it', () => {
  it('waits for an engineer until someone takes it', () => {
    expect(reportProgress(report({}))).toEqual({
      state: 'Waiting for an engineer',
      takenBy: 'Not taken yet',
      backInServiceAt: null,
    });
  });

  it('names who took it while it is assigned and worked', () => {
    const kofi = { _id: 'k', name: 'Kofi Darko' };
    expect(reportProgress(report({ assignedTo: kofi }))).toMatchObject({
      state: 'Assigned',
      takenBy: 'Kofi Darko',
    });
    expect(reportProgress(report({ assignedTo: kofi, status: 'In Progress' })).state).toBe('Being repaired');
  });

  it('has the device back in service only once the work is certified when it needs certifying', () => {
    const done = report({ status: 'Completed', completedDate: '2026-03-02T10:00:00.000Z' });
    expect(reportProgress(done)).toMatchObject({
      state: 'Repaired, awaiting certification',
      backInServiceAt: null,
    });
    expect(
      reportProgress({ ...done, certified: true, certifiedAt: '2026-03-03T09:00:00.000Z' }),
    ).toMatchObject({ state: 'Repaired and certified', backInServiceAt: '2026-03-03T09:00:00.000Z' });
  });

  it('has the device back in service when work that needs no certification is completed', () => {
    expect(
      reportProgress(
        report({ status: 'Completed', needsCertification: false, completedDate: '2026-03-02T10:00:00.000Z' }),
      ),
    ).toMatchObject({ state: 'Repaired', backInServiceAt: '2026-03-02T10:00:00.000Z' });
  });

  it('says a cancelled report is cancelled', () => {
    expect(reportProgress(report({ status: 'Cancelled' })).state).toBe('Cancelled');
  });
});
