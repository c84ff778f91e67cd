import { taskFiltersOf, taskListQuery } from './task-list-query';

const OWN = { ownOnly: true, technicianFilter: false };
const FULL = { ownOnly: false, technicianFilter: true };

describe('task list query', () => {
  it('reads the filters from the address, page 1 by default', () => {
    expect(taskFiltersOf(new URLSearchParams('q=pump&technician=abc&page=3'))).toEqual({
      q: 'pump',
      technician: 'abc',
      page: 3,
      show: '',
    });
    expect(taskFiltersOf(new URLSearchParams('page=-2')).page).toBe(1);
    expect(taskFiltersOf(new URLSearchParams('page=x')).page).toBe(1);
  });

  it('leaves the own tasks of someone without full access to the server, and never sends their technician filter', () => {
    // Assigned to them or reported by them: the server's scope, which `my=1` would narrow to the first.
    expect(taskListQuery({ q: ' pump ', technician: 'abc', page: 2, show: '' }, 8, OWN)).toBe(
      'page=2&limit=8&q=pump',
    );
  });

  it('shows anyone the faults they reported', () => {
    expect(taskFiltersOf(new URLSearchParams('show=reported')).show).toBe('reported');
    for (const scope of [OWN, FULL])
      expect(taskListQuery({ q: '', technician: '', page: 1, show: 'reported' }, 8, scope)).toBe(
        'page=1&limit=8&reported=1',
      );
  });

  it('lets an Engineer or Admin filter by technician', () => {
    expect(taskListQuery({ q: '', technician: 'abc', page: 1, show: '' }, 8, FULL)).toBe(
      'page=1&limit=8&technician=abc',
    );
    expect(taskListQuery({ q: '', technician: '', page: 1, show: '' }, 12, FULL)).toBe('page=1&limit=12');
    expect(
      taskListQuery({ q: '', technician: 'abc', page: 1, show: '' }, 8, {
        ownOnly: false,
        technicianFilter: false,
      }),
    ).toBe('page=1&limit=8');
  });

  it("opens at a view a link names (the dashboard's cards), and ignores one it does not know", () => {
    expect(taskFiltersOf(new URLSearchParams('show=overdue')).show).toBe('overdue');
    expect(taskFiltersOf(new URLSearchParams('show=awaiting-certification')).show).toBe(
      'awaiting-certification',
    );
    expect(taskFiltersOf(new URLSearchParams('show=everything')).show).toBe('');
    // A Technician's overdue work is what the dashboard counts: the tasks assigned to them.
    expect(taskListQuery({ q: '', technician: '', page: 1, show: 'overdue' }, 8, OWN)).toBe(
      'page=1&limit=8&my=1&overdue=1',
    );
    expect(taskListQuery({ q: '', technician: '', page: 1, show: 'overdue' }, 8, FULL)).toBe(
      'page=1&limit=8&overdue=1',
    );
    expect(taskListQuery({ q: '', technician: '', page: 1, show: 'awaiting-certification' }, 8, FULL)).toBe(
      'page=1&limit=8&awaitingCertification=1',
    );
  });
});
