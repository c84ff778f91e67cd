import fc from 'fast-check';
import {
  evaluateSafetyTest,
  measurementIssues,
  parseWith,
  recordSafetyTestSchema,
  SAFETY_LIMITS,
  safetyRepairTitle,
  safetyTestBodySchema,
  type SafetyLimit,
  type SafetyTestInput,
  type SafetyTestMeasurements,
} from './index';

const classI: SafetyTestInput = {
  testedOn: '2026-03-02',
  testerName: 'Dana Okoye',
  instrument: 'Fluke ESA615 s/n 4410021',
  instrumentCalibratedOn: '2025-11-20',
  protectionClass: 'I',
  leakageMethod: 'alternative',
  peWithCord: true,
  protectiveEarthOhm: 0.1,
  insulationMegaohm: 50,
  equipmentLeakageMicroamp: 300,
  appliedParts: [
    { name: 'ECG', type: 'CF', leakageMicroamp: 5 },
    { name: 'SpO2', type: 'BF', leakageMicroamp: 20 },
  ],
  visualInspection: 'Pass',
};

const parsed = (input: SafetyTestInput): SafetyTestMeasurements => safetyTestBodySchema.parse(input);
const verdictOf = (input: SafetyTestInput, key: string) =>
  evaluateSafetyTest(parsed(input)).measurements.find((item) => item.key === key);

describe('electrical-safety limits (IEC 62353:2014)', () => {
  it('names a source for every limit, in data', () => {
    for (const limit of Object.values(SAFETY_LIMITS) as SafetyLimit[]) {
      expect(limit.source).toMatch(limit.binding ? /^IEC 62353:2014/ : /not IEC 62353/);
      expect(limit.max ?? limit.min).toBeGreaterThan(0);
    }
  });

  it('passes a Class I device within every limit', () => {
    const evaluation = evaluateSafetyTest(parsed(classI));
    expect(evaluation.result).toBe('Pass');
    expect(evaluation.failed).toEqual([]);
  });

  it('judges protective earth at 0.3 Ω with the cord and 0.2 Ω without; a value on the limit passes', () => {
    expect(verdictOf({ ...classI, protectiveEarthOhm: 0.3 }, 'protectiveEarth')?.verdict).toBe('Pass');
    expect(verdictOf({ ...classI, protectiveEarthOhm: 0.31 }, 'protectiveEarth')?.verdict).toBe('Fail');
    const withoutCord = verdictOf(
      { ...classI, peWithCord: false, protectiveEarthOhm: 0.25 },
      'protectiveEarth',
    );
    expect(withoutCord?.verdict).toBe('Fail');
    expect(withoutCord?.limit?.max).toBe(0.2);
  });

  it('applies the equipment leakage limit of the class and method', () => {
    const cases: [SafetyTestInput['protectionClass'], SafetyTestInput['leakageMethod'], number][] = [
      ['I', 'alternative', 1000],
      ['I', 'direct', 500],
      ['I', 'differential', 500],
      ['II', 'alternative', 500],
      ['II', 'direct', 100],
      ['II', 'differential', 100],
    ];
    for (const [protectionClass, leakageMethod, max] of cases) {
      const base = {
        ...classI,
        protectionClass,
        leakageMethod,
        protectiveEarthOhm: protectionClass === 'I' ? 0.1 : null,
      };
      expect(verdictOf({ ...base, equipmentLeakageMicroamp: max }, 'equipmentLeakage')?.verdict).toBe('Pass');
      const over = verdictOf({ ...base, equipmentLeakageMicroamp: max + 1 }, 'equipmentLeakage');
      expect(over?.verdict).toBe('Fail');
      expect(over?.limit?.source).toBe('IEC 62353:2014, Table 2 (allowable values for leakage currents)');
    }
  });

  it('applies 5000 µA to BF and 50 µA to CF applied parts, and none to type B', () => {
    const evaluation = evaluateSafetyTest(
      parsed({
        ...classI,
        appliedParts: [
          { name: 'ECG', type: 'CF', leakageMicroamp: 51 },
          { name: 'Cuff', type: 'BF', leakageMicroamp: 5000 },
          { name: 'Table', type: 'B', leakageMicroamp: null },
        ],
      }),
    );
    expect(evaluation.result).toBe('Fail');
    expect(evaluation.failed).toEqual(['Applied part leakage, ECG (CF)']);
    expect(evaluation.measurements.find((item) => item.key === 'appliedPart:Table')?.verdict).toBe(
      'Not applicable',
    );
  });

  it('judges a reading written past the limit (">50" on a CF part, "<2" insulation) as over it, keeping the bound', () => {
    const cf = { ...classI, appliedParts: [{ name: 'ECG', type: 'CF' as const, leakageMicroamp: 50 }] };
    expect(verdictOf(cf, 'appliedPart:ECG')?.verdict).toBe('Pass');
    const beyond = verdictOf(
      { ...cf, readingBounds: [{ key: 'appliedPart:ECG', bound: '>' }] },
      'appliedPart:ECG',
    );
    expect(beyond).toMatchObject({ verdict: 'Fail', value: 50, bound: '>' });
    expect(
      verdictOf({ ...cf, readingBounds: [{ key: 'appliedPart:ECG', bound: '<' }] }, 'appliedPart:ECG')
        ?.verdict,
    ).toBe('Pass');
    expect(
      verdictOf(
        {
          ...classI,
          equipmentLeakageMicroamp: 999,
          readingBounds: [{ key: 'equipmentLeakage', bound: '>' }],
        },
        'equipmentLeakage',
      )?.verdict,
    ).toBe('Pass');
    expect(
      verdictOf(
        { ...classI, insulationMegaohm: 2, readingBounds: [{ key: 'insulation', bound: '<' }] },
        'insulation',
      )?.verdict,
    ).toBe('Below guidance');
    expect(
      verdictOf(
        { ...classI, insulationMegaohm: 100, readingBounds: [{ key: 'insulation', bound: '>' }] },
        'insulation',
      ),
    ).toMatchObject({ verdict: 'Pass', bound: '>' });
  });

  it('fails the test on a failed visual inspection, whatever the measurements', () => {
    const evaluation = evaluateSafetyTest(parsed({ ...classI, visualInspection: 'Fail' }));
    expect(evaluation.result).toBe('Fail');
    expect(evaluation.failed).toEqual(['Visual inspection']);
  });

  it('reports insulation below the common-practice minimum without failing the test', () => {
    const evaluation = evaluateSafetyTest(parsed({ ...classI, insulationMegaohm: 1.5 }));
    expect(evaluation.measurements.find((item) => item.key === 'insulation')?.verdict).toBe('Below guidance');
    expect(evaluation.result).toBe('Pass');
  });

  it('refuses a measurement the standard does not ask for, and a missing one it does', () => {
    const issues = (input: SafetyTestInput) => measurementIssues(parsed({ ...input, appliedParts: [] }));
    expect(parseWith(safetyTestBodySchema, { ...classI, protectiveEarthOhm: null }).ok).toBe(false);
    expect(issues({ ...classI, protectionClass: 'II', protectiveEarthOhm: null })).toEqual([]);
    const classII = parseWith(safetyTestBodySchema, { ...classI, protectionClass: 'II' });
    expect(classII.ok ? [] : classII.issues.map((issue) => issue.message)).toEqual([
      'A Class II device has no protective earth to measure: leave it empty.',
    ]);
    const typeB = parseWith(safetyTestBodySchema, {
      ...classI,
      appliedParts: [{ name: 'Table', type: 'B', leakageMicroamp: 3 }],
    });
    expect(typeB.ok).toBe(false);
    const internal = parseWith(safetyTestBodySchema, {
      ...classI,
      protectionClass: 'Internally powered',
      protectiveEarthOhm: null,
      insulationMegaohm: null,
      equipmentLeakageMicroamp: null,
    });
    expect(internal.ok).toBe(true);
  });

  it('refuses values that are not readings, with the unit named', () => {
    const result = parseWith(safetyTestBodySchema, { ...classI, equipmentLeakageMicroamp: 250_000 });
    expect(result.ok ? '' : result.issues[0]?.message).toBe(
      'Equipment leakage above 100,000 µA is not a reading: check the unit.',
    );
    expect(parseWith(safetyTestBodySchema, { ...classI, protectiveEarthOhm: -0.1 }).ok).toBe(false);
    expect(parseWith(recordSafetyTestSchema, { test: classI, result: 'Pass' }).ok).toBe(false);
  });

  it('names the failed measurements and the device in the Repair task title', () => {
    expect(safetyRepairTitle(['Protective earth resistance'], 'Defibrillator')).toBe(
      'Failed electrical safety test (Protective earth resistance): Defibrillator',
    );
    expect(safetyRepairTitle(['A', 'B', 'C', 'D'], 'Monitor')).toBe(
      'Failed electrical safety test (A, B and 2 more): Monitor',
    );
  });

  it('fails exactly when a binding limit is exceeded or the inspection failed (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('I' as const, 'II' as const),
        fc.constantFrom('alternative' as const, 'direct' as const, 'differential' as const),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.boolean(),
        (protectionClass, leakageMethod, pe, leakage, cf, visualPass) => {
          const record = parsed({
            ...classI,
            protectionClass,
            leakageMethod,
            protectiveEarthOhm: protectionClass === 'I' ? pe : null,
            equipmentLeakageMicroamp: leakage,
            appliedParts: [{ name: 'ECG', type: 'CF', leakageMicroamp: cf }],
            visualInspection: visualPass ? 'Pass' : 'Fail',
          });
          const leakageMax =
            protectionClass === 'I'
              ? leakageMethod === 'alternative'
                ? 1000
                : 500
              : leakageMethod === 'alternative'
                ? 500
                : 100;
          const expectedFail =
            !visualPass || (protectionClass === 'I' && pe > 0.3) || leakage > leakageMax || cf > 50;
          expect(evaluateSafetyTest(record).result).toBe(expectedFail ? 'Fail' : 'Pass');
        },
      ),
    );
  });
});
