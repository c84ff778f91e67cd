import { showingLine, statusBreakdown, taskCountLine } from './count-line';

describe('task count lines', () => {
  it('names the technician and the search when there are any', () => {
    expect(taskCountLine(12, '', '')).toBe('12 task(s) found');
    expect(taskCountLine(1, 'Kofi Darko', ' pump ')).toBe(
      '1 task(s) found assigned to Kofi Darko matching "pump"',
    );
  });

  it('says "more than" for a search that matched more tasks than it counts, never a made-up number', () => {
    expect(taskCountLine(1000, '', 'battery', true)).toBe('More than 1000 task(s) found matching "battery"');
    expect(statusBreakdown(null)).toBe(
      'Too many matches to count by status: add words to narrow the search.',
    );
    expect(showingLine(2, 8, 8, 1000, true)).toBe('Showing 9-16 of more than 1000');
  });

  it('breaks the tasks down by status', () => {
    expect(statusBreakdown({ total: 10, pending: 3, inProgress: 2, completed: 5 })).toBe(
      'Pending 3 · In Progress 2 · Completed 5',
    );
  });

  it('says which tasks of the total are shown', () => {
    expect(showingLine(1, 8, 8, 20)).toBe('Showing 1-8 of 20 total');
    expect(showingLine(3, 8, 4, 20)).toBe('Showing 17-20 of 20 total');
    expect(showingLine(1, 8, 0, 0)).toBe('Showing 0-0 of 0 total');
  });
});
