import fc from 'fast-check';
import { RISK_CLASS_FILTERS } from './equipment';
import {
  assessRisk,
  assessRiskRequestSchema,
  DEFAULT_PM_PROGRAM_THRESHOLD,
  RISK_CLASSES,
  RISK_FACTORS,
  RISK_SCALES,
  RISK_TOTAL_RANGE,
  riskAssessmentSchema,
  type RiskScores,
} from './risk';

const scoreOf = (factor: keyof typeof RISK_SCALES) =>
  fc.constantFrom(...RISK_SCALES[factor].map((step) => step.score));
const scores: fc.Arbitrary<RiskScores> = fc.record({
  function: scoreOf('function'),
  physicalRisk: scoreOf('physicalRisk'),
  maintenance: scoreOf('maintenance'),
  incidentHistory: scoreOf('incidentHistory'),
});
const threshold = fc.integer({ min: RISK_TOTAL_RANGE.min, max: RISK_TOTAL_RANGE.max });
/** Lower classes first: High is the top of the order. */
const rank = (riskClass: string) => ['Low', 'Medium', 'High'].indexOf(riskClass);

describe('the Fennigkoh–Smith EM number', () => {
  it('adds the four scores and classes them as published', () => {
    // A ventilator: life support, failure can kill, extensive maintenance, typical history.
    expect(assessRisk({ function: 10, physicalRisk: 5, maintenance: 5, incidentHistory: 0 })).toEqual({
      total: 20,
      riskClass: 'High',
      highRisk: true,
      lifeSupport: true,
      inPmProgram: true,
    });
    // A monitor just at the threshold.
    expect(assessRisk({ function: 7, physicalRisk: 3, maintenance: 2, incidentHistory: 0 })).toMatchObject({
      total: 12,
      riskClass: 'Medium',
      highRisk: false,
      inPmProgram: true,
    });
    // An autoclave below it.
    expect(assessRisk({ function: 4, physicalRisk: 2, maintenance: 3, incidentHistory: -2 })).toMatchObject({
      total: 7,
      riskClass: 'Low',
      inPmProgram: false,
    });
  });

  it('moves the program and the Medium class with the threshold, and High above 16 with it', () => {
    const pump = { function: 9, physicalRisk: 4, maintenance: 3, incidentHistory: 0 }; // 16
    expect(assessRisk(pump, 17)).toMatchObject({ riskClass: 'Low', inPmProgram: false });
    expect(assessRisk(pump, 16)).toMatchObject({ riskClass: 'High', inPmProgram: true });
    expect(assessRisk(pump, 10)).toMatchObject({ riskClass: 'High', inPmProgram: true });
  });

  it('always totals within the published range and sums its four scores', () => {
    fc.assert(
      fc.property(scores, threshold, (s, t) => {
        const { total } = assessRisk(s, t);
        expect(total).toBe(s.function + s.physicalRisk + s.maintenance + s.incidentHistory);
        expect(total).toBeGreaterThanOrEqual(RISK_TOTAL_RANGE.min);
        expect(total).toBeLessThanOrEqual(RISK_TOTAL_RANGE.max);
      }),
    );
  });

  it('never ranks a higher total in a lower class, and puts exactly the totals at the threshold in the program', () => {
    fc.assert(
      fc.property(scores, scores, threshold, (a, b, t) => {
        const [first, second] = [assessRisk(a, t), assessRisk(b, t)];
        if (first.total <= second.total)
          expect(rank(first.riskClass)).toBeLessThanOrEqual(rank(second.riskClass));
        expect(first.inPmProgram).toBe(first.total >= t);
        expect(first.riskClass === 'Low').toBe(!first.inPmProgram);
      }),
    );
  });

  it('flags life support exactly for function 10, and life support is always high risk', () => {
    fc.assert(
      fc.property(scores, threshold, (s, t) => {
        const outcome = assessRisk(s, t);
        expect(outcome.lifeSupport).toBe(s.function === 10);
        if (outcome.lifeSupport) expect(outcome.highRisk).toBe(true);
        expect(outcome.highRisk).toBe(s.function === 10 || s.physicalRisk >= 4);
      }),
    );
  });

  it('uses the published threshold of 12 by default', () => {
    fc.assert(
      fc.property(scores, (s) => expect(assessRisk(s)).toEqual(assessRisk(s, DEFAULT_PM_PROGRAM_THRESHOLD))),
    );
    expect(DEFAULT_PM_PROGRAM_THRESHOLD).toBe(12);
  });
});

describe('the assessment request', () => {
  it('accepts every combination of published scores', () => {
    fc.assert(fc.property(scores, (s) => expect(riskAssessmentSchema.parse(s)).toEqual(s)));
  });

  it('refuses a score off its scale, a missing score and unknown fields, saying which', () => {
    const valid = { function: 10, physicalRisk: 5, maintenance: 4, incidentHistory: 0 };
    const message = (body: unknown) => riskAssessmentSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ ...valid, function: 1 })).toBe(
      'Equipment function must be one of 10, 9, 8, 7, 6, 5, 4, 3, 2.',
    );
    expect(message({ ...valid, incidentHistory: 3 })).toBe(
      'Incident history must be one of 2, 1, 0, -1, -2.',
    );
    expect(message({ ...valid, physicalRisk: '5' })).toBe('Physical risk must be a score.');
    expect(message({ function: 10, physicalRisk: 5, maintenance: 4 })).toBe(
      'Incident history must be a score.',
    );
    expect(message({ ...valid, total: 22 })).toBe(
      'Only function, physicalRisk, maintenance and incidentHistory may be sent.',
    );
  });

  it('takes an optional positive version with the HTTP body, and nothing else', () => {
    const valid = { function: 7, physicalRisk: 3, maintenance: 3, incidentHistory: 0 };
    expect(assessRiskRequestSchema.parse({ ...valid, version: 3 })).toEqual({ ...valid, version: 3 });
    expect(assessRiskRequestSchema.parse(valid)).toEqual(valid);
    expect(assessRiskRequestSchema.safeParse({ ...valid, version: 0 }).success).toBe(false);
    expect(assessRiskRequestSchema.safeParse({ ...valid, riskClass: 'High' }).error?.issues[0]?.message).toBe(
      'Only function, physicalRisk, maintenance, incidentHistory and version may be sent.',
    );
  });

  it('has a label for every factor and every step of its scale', () => {
    for (const factor of RISK_FACTORS) {
      const steps = RISK_SCALES[factor];
      expect(new Set(steps.map((step) => step.score)).size).toBe(steps.length);
      for (const step of steps) expect(step.label.length).toBeGreaterThan(0);
    }
  });

  it('offers the list filter exactly the risk classes and "unassessed"', () => {
    expect([...RISK_CLASS_FILTERS].sort()).toEqual([...RISK_CLASSES, 'unassessed'].sort());
  });
});
