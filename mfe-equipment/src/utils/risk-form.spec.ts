import { RISK_FACTORS, RISK_SCALES } from '@caliber/contracts';
import { draftOf, EMPTY_RISK_DRAFT, scoreOptions, scoresOf, scoreText } from './risk-form';

describe('the risk assessment form', () => {
  it('has nothing to save until every factor has a score', () => {
    expect(scoresOf(EMPTY_RISK_DRAFT)).toBeNull();
    expect(scoresOf({ ...EMPTY_RISK_DRAFT, function: 10, physicalRisk: 5, maintenance: 4 })).toBeNull();
    // 0 is a real score (a typical incident history), not "nothing chosen".
    expect(scoresOf({ function: 10, physicalRisk: 5, maintenance: 4, incidentHistory: 0 })).toEqual({
      function: 10,
      physicalRisk: 5,
      maintenance: 4,
      incidentHistory: 0,
    });
  });

  it('starts from the saved scores', () => {
    const saved = {
      function: 7,
      physicalRisk: 3,
      maintenance: 2,
      incidentHistory: -1,
      total: 11,
      riskClass: 'Low' as const,
      highRisk: false,
      lifeSupport: false,
      inPmProgram: false,
      assessedAt: '2026-01-01T00:00:00.000Z',
      assessedBy: null,
    };
    expect(draftOf(saved)).toEqual({ function: 7, physicalRisk: 3, maintenance: 2, incidentHistory: -1 });
    expect(draftOf(null)).toEqual(EMPTY_RISK_DRAFT);
  });

  it('offers every published step of each scale with its wording', () => {
    for (const factor of RISK_FACTORS) {
      const options = scoreOptions(factor);
      expect(options[0]).toEqual({ value: '', label: 'Choose a score' });
      expect(options.slice(1).map((option) => option.value)).toEqual(
        RISK_SCALES[factor].map((step) => step.score),
      );
    }
    expect(scoreText('function', 10)).toBe('10 – Life support');
    expect(scoreText('incidentHistory', -2)).toBe('-2 – No significant history');
  });
});
