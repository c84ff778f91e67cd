import { auditValue, auditWhat, entityLabel, fieldLabel } from './audit-labels';

describe('audit trail wording', () => {
  it('names what changed in plain words, also for entities it does not know yet', () => {
    expect(auditWhat({ entity: 'equipment', action: 'status-changed' })).toBe('Device: Status changed');
    expect(auditWhat({ entity: 'pm-plan', action: 'retired' })).toBe('PM plan: Retired');
    expect(entityLabel('recall-device')).toBe('Recall action');
    expect(entityLabel('calibration-record')).toBe('Calibration record');
    expect(fieldLabel('installationDate')).toBe('Installation date');
    expect(fieldLabel('udiDi')).toBe('UDI di');
  });

  it('writes values as a reader expects them', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue('')).toBe('—');
    expect(auditValue(false)).toBe('No');
    expect(auditValue(42)).toBe('42');
    expect(auditValue(['ICU', 'Ward 3'])).toBe('ICU, Ward 3');
    expect(auditValue({ inventory: true })).toBe('{"inventory":true}');
  });
});
