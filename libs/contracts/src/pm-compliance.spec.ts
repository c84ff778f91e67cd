import { calendarDateIn, complianceListQuerySchema, complianceQuerySchema, isOverdue } from './pm-compliance';

describe('overdue and the hospital calendar', () => {
  it('calls only open tasks past their due date overdue', () => {
    expect(isOverdue({ dueDate: '2025-01-04', status: 'Pending' }, '2025-01-05')).toBe(true);
    expect(isOverdue({ dueDate: '2025-01-04', status: 'In Progress' }, '2025-01-05')).toBe(true);
    expect(isOverdue({ dueDate: '2025-01-05', status: 'Pending' }, '2025-01-05')).toBe(false);
    expect(isOverdue({ dueDate: '2025-01-04', status: 'Completed' }, '2025-01-05')).toBe(false);
    expect(isOverdue({ dueDate: '2025-01-04', status: 'Cancelled' }, '2025-01-05')).toBe(false);
    expect(isOverdue({ dueDate: null, status: 'Pending' }, '2025-01-05')).toBe(false);
  });

  it('reads the date on the hospital wall, not the server clock', () => {
    const lateEvening = new Date('2025-01-05T23:30:00Z');
    expect(calendarDateIn('UTC', lateEvening)).toBe('2025-01-05');
    expect(calendarDateIn('Africa/Accra', lateEvening)).toBe('2025-01-05');
    expect(calendarDateIn('Asia/Karachi', lateEvening)).toBe('2025-01-06');
    expect(calendarDateIn('America/Chicago', new Date('2025-01-06T03:00:00Z'))).toBe('2025-01-05');
  });

  it('takes a period whose start is not after its end', () => {
    expect(
      complianceQuerySchema.safeParse({ from: '2025-02-01', to: '2025-01-31' }).error?.issues[0]?.message,
    ).toBe('Start date cannot be after end date.');
    expect(complianceQuerySchema.parse({})).toEqual({ from: '', to: '', department: '', category: '' });
  });
});

describe('a page of a compliance list', () => {
  it('holds 25 rows unless asked, never more than 100, from page 1', () => {
    expect(complianceListQuerySchema.parse({})).toEqual({ department: '', category: '', page: 1, limit: 25 });
    expect(complianceListQuerySchema.parse({ page: '3', limit: '100', department: 'ICU' })).toEqual({
      department: 'ICU',
      category: '',
      page: 3,
      limit: 100,
    });
    const message = (query: Record<string, string>) =>
      complianceListQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(message({ limit: '101' })).toBe('limit must be at most 100.');
    expect(message({ page: '0' })).toBe('page starts at 1.');
  });
});
