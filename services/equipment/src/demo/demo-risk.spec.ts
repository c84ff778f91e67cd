import { assessRisk, type RiskScores } from '@caliber/contracts';
import { generateEquipment } from './demo-equipment';
import { demoRiskScores } from './demo-risk';

describe('demo risk assessments', () => {
  const items = generateEquipment(60, 1);
  const risks = demoRiskScores(items, 1);
  const assessed = risks.filter((risk): risk is RiskScores => risk !== null);

  it('are the same for the same seed, and leave the generated items as they were', () => {
    expect(demoRiskScores(items, 1)).toEqual(risks);
    expect(generateEquipment(60, 1)).toEqual(items);
    expect(demoRiskScores(items, 2)).not.toEqual(risks);
  });

  it('make ventilators and defibrillators life support whose failure can kill', () => {
    items.forEach((item, index) => {
      const risk = risks[index];
      if (!risk || (item.category !== 'Ventilator' && item.category !== 'Defibrillator')) return;
      expect(risk).toMatchObject({ function: 10, physicalRisk: 5 });
      expect(assessRisk(risk)).toMatchObject({ lifeSupport: true, highRisk: true, riskClass: 'High' });
    });
  });

  it('give the demo inventory every class, some items below 12 and a few not assessed', () => {
    const classes = new Set(assessed.map((risk) => assessRisk(risk).riskClass));
    expect([...classes].sort()).toEqual(['High', 'Low', 'Medium']);
    expect(assessed.some((risk) => assessRisk(risk).total < 12)).toBe(true);
    const unassessed = risks.length - assessed.length;
    expect(unassessed).toBeGreaterThan(0);
    expect(unassessed).toBeLessThan(risks.length / 4);
  });
});
