import { auditValue, equipmentLabel, formatHours, personLabel, assignedMessage } from './format';

describe('task formatting', () => {
  it('names devices and people as the lists show them', () => {
    expect(equipmentLabel({ name: 'Evita V500', serialNumber: 'EV-1' })).toBe('Evita V500 (EV-1)');
    expect(equipmentLabel({ name: 'Evita V500', serialNumber: '' })).toBe('Evita V500');
    expect(personLabel({ name: 'Kofi Darko', role: 'Technician' })).toBe('Kofi Darko (Technician)');
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

  it('says a Preventive task scheduled a PM plan, and how often it recurs', () => {
    expect(assignedMessage({ title: 'Fix pump', plan: null, pmInterval: null })).toBe(
      'Task assigned successfully!',
    );
    expect(
      assignedMessage({
        title: 'Safety test',
        plan: { _id: 'p1', occurrence: 0 },
        pmInterval: 'Every 2 Years',
      }),
    ).toBe('PM plan scheduled: "Safety test" recurs every 2 years.');
  });
});
