import type { SafetyTestDto } from '@caliber/contracts';
import {
  formPathOf,
  initialSafetyForm,
  limitText,
  liveEvaluation,
  measurementOf,
  opensRepairTask,
  safetyFormSchema,
  safetyRequest,
  typedNumber,
  type SafetyFormState,
} from './safety-form';

const previous = {
  instrument: 'Rigel 288+ s/n 10422',
  instrumentCalibratedOn: '2026-01-10',
  protectionClass: 'II',
  leakageMethod: 'direct',
  appliedPartMethod: 'direct',
  peWithCord: true,
  appliedParts: [{ name: 'Line', type: 'BF', leakageMicroamp: 30 }],
} as SafetyTestDto;

const filled = (changes: Partial<SafetyFormState> = {}): SafetyFormState => ({
  ...initialSafetyForm('2026-03-02', 'Dana Okoye', null),
  instrument: 'Fluke ESA615',
  protectiveEarth: '0.1',
  insulation: '50',
  equipmentLeakage: '300',
  ...changes,
});

describe('the safety test form', () => {
  it("fills the class, methods, instrument and applied parts (without values) from the device's previous test", () => {
    const state = initialSafetyForm('2026-03-02', 'Dana Okoye', previous);
    expect(state).toMatchObject({
      testedOn: '2026-03-02',
      testerName: 'Dana Okoye',
      instrument: 'Rigel 288+ s/n 10422',
      protectionClass: 'II',
      leakageMethod: 'direct',
      appliedParts: [{ name: 'Line', type: 'BF', leakage: '' }],
    });
  });

  it('reads typed numbers, a decimal comma included', () => {
    expect(typedNumber('0,25')).toBe(0.25);
    expect(typedNumber(' 12 ')).toBe(12);
    expect(typedNumber('')).toBeNull();
    expect(typedNumber('1e3')).toBeNaN();
  });

  it('refuses a value with a grouping comma as ambiguous, and shows limits without one', () => {
    expect(typedNumber('1,200')).toBeNaN();
    expect(typedNumber('12,5')).toBe(12.5);
    expect(safetyRequest(filled({ equipmentLeakage: '1,200' }))).toEqual({
      ok: false,
      errors: {
        equipmentLeakageMicroamp:
          'Equipment leakage "1,200": is the comma a thousands separator or a decimal point? Write 1200 or 1.2, without the comma.',
      },
    });
    const evaluation = liveEvaluation(
      filled({ appliedParts: [{ name: 'Cuff', type: 'BF', leakage: '40' }] }),
    );
    expect(limitText(measurementOf(evaluation, 'appliedPart:Cuff')?.limit ?? null)).toBe('≤ 5000 µA');
    expect(limitText(measurementOf(evaluation, 'equipmentLeakage')?.limit ?? null)).toBe('≤ 1000 µA');
  });

  it('shows each limit and verdict live, and turns the Repair task on for a failing test unless turned off', () => {
    const passing = liveEvaluation(filled());
    expect(passing.result).toBe('Pass');
    const state = filled({ protectiveEarth: '0,45' });
    const failing = liveEvaluation(state);
    expect(measurementOf(failing, 'protectiveEarth')).toMatchObject({ value: 0.45, verdict: 'Fail' });
    expect(limitText(measurementOf(failing, 'protectiveEarth')?.limit ?? null)).toBe('≤ 0.3 Ω');
    expect(limitText(measurementOf(failing, 'insulation')?.limit ?? null)).toBe('≥ 2 MΩ (guidance)');
    expect(opensRepairTask(state, failing)).toBe(true);
    expect(opensRepairTask({ ...state, repairChoice: false }, failing)).toBe(false);
    expect(opensRepairTask(filled({ repairChoice: true }), passing)).toBe(false);
  });

  it('sends the body with the Repair task choice, or says what to fix by field', () => {
    const sent = safetyRequest(filled({ protectiveEarth: '0.45' }));
    expect(sent.ok && sent.body.openRepairTask).toBe(true);
    expect(sent.ok && sent.body.test).toMatchObject({
      protectiveEarthOhm: 0.45,
      equipmentLeakageMicroamp: 300,
    });
    expect(safetyRequest(filled({ equipmentLeakage: 'lots' }))).toEqual({
      ok: false,
      errors: { equipmentLeakageMicroamp: 'Equipment leakage must be a number.' },
    });
    expect(safetyRequest(filled({ protectiveEarth: '' }))).toEqual({
      ok: false,
      errors: { protectiveEarthOhm: 'Protective earth resistance is required for a Class I device.' },
    });
    // Class II hides protective earth: what was typed there is not sent.
    const classII = safetyRequest(filled({ protectionClass: 'II', equipmentLeakage: '50' }));
    expect(classII.ok && classII.body.test.protectiveEarthOhm).toBeNull();
  });
});

describe('the record form rules', () => {
  it('puts each problem under the field it was typed in, an applied part’s under its row', () => {
    expect(formPathOf('protectiveEarthOhm')).toEqual(['protectiveEarth']);
    expect(formPathOf('appliedParts.1.leakageMicroamp')).toEqual(['appliedParts', 1, 'leakage']);
    expect(formPathOf('appliedParts.0.name')).toEqual(['appliedParts', 0, 'name']);
    expect(formPathOf('testedOn')).toEqual(['testedOn']);
    const parsed = safetyFormSchema.safeParse(
      filled({ protectiveEarth: '', appliedParts: [{ name: 'Cuff', type: 'CF', leakage: '1,200' }] }),
    );
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [
        ['appliedParts', 0, 'leakage'],
        'Cuff\'s leakage "1,200": is the comma a thousands separator or a decimal point? Write 1200 or 1.2, without the comma.',
      ],
    ]);
    expect(safetyFormSchema.safeParse(filled({})).success).toBe(true);
  });
});
