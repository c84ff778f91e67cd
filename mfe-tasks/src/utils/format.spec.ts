import { auditValue, equipmentLabel, formatHours, isOverdue, localToday, personLabel } from './format';

describe('task formatting', () => {
  it('names devices and people as the lists show them', () => {
    expect(equipmentLabel({ name: 'Evita V500', serialNumber: 'EV-1' })).toBe('Evita V500 (EV-1)');
    expect(equipmentLabel({ name: 'Evita V500', serialNumber: '' })).toBe('Evita V500');
    expect(personLabel({ name: 'Kofi Darko', role: 'Technician' })).toBe('Kofi Darko (Technician)');
  });

  it('writes today in the local calendar', () => {
    expect(localToday(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });

  it('calls only open tasks past their due date overdue', () => {
    expect(isOverdue({ dueDate: '2025-01-04', status: 'Pending' }, '2025-01-05')).toBe(true);
    expect(isOverdue({ dueDate: '2025-01-05', status: 'Pending' }, '2025-01-05')).toBe(false);
    expect(isOverdue({ dueDate: '2025-01-04', status: 'Completed' }, '2025-01-05')).toBe(false);
    expect(isOverdue({ dueDate: null, status: 'Pending' }, '2025-01-05')).toBe(false);
  });

  it('writes audited values and hours as text', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue('')).toBe('—');
    expect(auditValue('Pending')).toBe('Pending');
    expect(auditValue(false)).toBe('false');
    expect(auditValue({ name: 'Kofi' })).toBe('{"name":"Kofi"}');
    expect(formatHours(2)).toBe('2 h');
    expect(formatHours(1.5)).toBe('1.5 h');
    expect(formatHours(0.25)).toBe('0.25 h');
  });
});
