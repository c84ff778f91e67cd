import {
  countBadge,
  historyQuery,
  pageLine,
  preventiveEmptyText,
  preventiveQuery,
  repairDetailsOf,
} from './maintenance-query';

describe('the Maintenance panels’ queries', () => {
  it('asks for unassigned open work, earliest due first, eight a page', () => {
    const params = new URLSearchParams(preventiveQuery('', 1));
    expect(Object.fromEntries(params)).toEqual({
      unassigned: '1',
      open: '1',
      sort: 'due',
      page: '1',
      limit: '8',
    });
  });

  it('asks for completed work, newest first, with the search trimmed', () => {
    const params = new URLSearchParams(historyQuery('  defib  ', 3));
    expect(Object.fromEntries(params)).toEqual({
      status: 'Completed',
      sort: '-completedDate',
      q: 'defib',
      page: '3',
      limit: '8',
    });
  });

  it('leaves an empty search out', () => {
    expect(new URLSearchParams(historyQuery('   ', 1)).has('q')).toBe(false);
  });
});

describe('pageLine', () => {
  it('says which page of how many', () => {
    expect(pageLine(2, 5)).toBe('Page 2 of 5');
  });

  it('calls an empty list page 1 of 1', () => {
    expect(pageLine(1, 0)).toBe('Page 1 of 1');
  });

  it('names no last page for a search that matched more than it counted', () => {
    // 1,000 counted at 8 a page: 125 pages, and the pager reaches one more.
    expect(pageLine(1, 126, true)).toBe('Page 1 of more than 125');
    expect(countBadge(1000, true)).toBe('1000+');
    expect(countBadge(12)).toBe('12');
  });

  it('never names a page outside the list', () => {
    expect(pageLine(7, 3)).toBe('Page 3 of 3');
    expect(pageLine(0, 3)).toBe('Page 1 of 3');
  });
});

describe('repairDetailsOf', () => {
  it('takes the repair details first, then the comments', () => {
    expect(repairDetailsOf({ repairDetails: 'Replaced the battery', comments: 'Note' })).toBe(
      'Replaced the battery',
    );
    expect(repairDetailsOf({ repairDetails: null, comments: 'Cleaned the filter' })).toBe(
      'Cleaned the filter',
    );
    expect(repairDetailsOf({ repairDetails: '  ', comments: null })).toBe('');
  });
});

describe('the Preventive panel when empty', () => {
  it('invites those who schedule, points a Technician to their own work, and tells a Manager plainly', () => {
    expect(preventiveEmptyText('Engineer', true)).toBe('No preventive items. Schedule one to get started.');
    expect(preventiveEmptyText('Technician', false)).toBe(
      'Unassigned work is handed out by Engineers and Admins; yours is on the Tasks page.',
    );
    expect(preventiveEmptyText('Manager', false)).toBe('No preventive items.');
  });
});
