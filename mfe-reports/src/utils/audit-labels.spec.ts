import { auditValue, auditWhat, entityLabel, fieldLabel } from './audit-labels';

describe('audit trail wording', () => {
  it('names what changed in plain words, also for entities it does not know yet', () => {
    expect(auditWhat({ entity: 'equipment', action: 'status-changed' })).toBe('Device: Status changed');
    expect(auditWhat({ entity: 'pm-plan', action: 'retired' })).toBe('PM plan: Retired');
    expect(entityLabel('recall-device')).toBe('Recall action');
    expect(entityLabel('calibration-record')).toBe('Calibration record');
    expect(fieldLabel('installationDate')).toBe('Installation date');
    expect(fieldLabel('udiDi')).toBe('UDI-DI (GTIN)');
    expect(fieldLabel('pmIntervalDays')).toBe('PM interval days');
  });

  it('writes values as a reader expects them', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue('')).toBe('—');
    expect(auditValue(false)).toBe('No');
    expect(auditValue(42)).toBe('42');
    expect(auditValue(['ICU', 'Ward 3'])).toBe('ICU, Ward 3');
    expect(auditValue({ inventory: true })).toBe('Inventory: Yes');
    expect(auditValue({ outer: { inner: 1 } })).toBe('{"outer":{"inner":1}}');
  });

  it("names an electrical safety test's measurements with their units, and lists applied parts readably", () => {
    expect(fieldLabel('protectiveEarthOhm')).toBe('Protective earth (Ω)');
    expect(fieldLabel('insulationMegaohm')).toBe('Insulation (MΩ)');
    expect(fieldLabel('equipmentLeakageMicroamp')).toBe('Equipment leakage (µA)');
    expect(fieldLabel('appliedParts')).toBe('Applied parts');
    expect(fieldLabel('peWithCord')).toBe('Protective earth measured with the power cord');
    expect(
      auditValue(
        [
          { name: 'ECG leads', type: 'CF', leakageMicroamp: 3.5 },
          { name: 'Table', type: 'B', leakageMicroamp: null },
        ],
        'appliedParts',
      ),
    ).toBe('ECG leads (type CF): 3.5 µA; Table (type B): no leakage measured');
    expect(auditValue([], 'appliedParts')).toBe('—');
  });

  it("words a recall notice's and a recall action's fields and values", () => {
    expect(fieldLabel('serialNumbers')).toBe('Serial numbers');
    expect(fieldLabel('lotNumbers')).toBe('Lot numbers');
    expect(fieldLabel('udiDi')).toBe('UDI-DI (GTIN)');
    expect(fieldLabel('closedWith')).toBe('Closed with');
    expect(fieldLabel('decision')).toBe('Written decision');
    expect(fieldLabel('matched')).toBe('Matched on');
    expect(auditValue(['SN-1', 'SN-2'], 'serialNumbers')).toBe('SN-1, SN-2');
    expect(
      auditValue(
        [
          { from: 'A100', to: 'A199' },
          { from: 'B1', to: 'B9' },
        ],
        'serialRanges',
      ),
    ).toBe('A100 to A199; B1 to B9');
    expect(auditValue('task', 'closedWith')).toBe('A completed task');
    expect(auditValue('decision', 'closedWith')).toBe('A written decision');
    // The same word in another field stays as written.
    expect(auditValue('task', 'notes')).toBe('task');
    expect(
      auditValue({ manufacturer: 'Mindray', model: 'N12', serialNumber: 'SN-1', lotNumber: null }, 'matched'),
    ).toBe('Manufacturer: Mindray; Model: N12; Serial number: SN-1; Lot number: —');
  });
});
