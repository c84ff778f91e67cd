import { calendarDateIn, complianceQuerySchema, isOverdue } from './pm-compliance';

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
