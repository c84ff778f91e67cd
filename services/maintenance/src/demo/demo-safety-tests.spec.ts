import { evaluateSafetyTest, safetyTestBodySchema, type EquipmentDto } from '@caliber/contracts';
import type { DemoPlan } from './demo-plans';
import { demoSafetyTests } from './demo-safety-tests';

const plan = (i: number, category: string, pmType: DemoPlan['pmType']): DemoPlan =>
  ({ equipment: { _id: `id-${i}`, name: `${category} ${i}`, category } as EquipmentDto, pmType }) as DemoPlan;

describe('demoSafetyTests', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  const tests = demoSafetyTests(
    [
      plan(1, 'Defibrillator', 'Safety Testing'),
      plan(2, 'Monitor', 'Safety Testing'),
      plan(3, 'Ventilator', 'Calibrations'),
    ],
    now,
  );

  it('gives each device on a Safety Testing plan three valid tests in the past, and one failure', () => {
    expect(tests.map((item) => item.equipment._id)).toEqual(['id-1', 'id-1', 'id-1', 'id-2', 'id-2', 'id-2']);
    const results = tests.map((item) => {
      const body = safetyTestBodySchema.parse(item.test);
      expect(Date.parse(body.testedOn)).toBeLessThan(now);
      return evaluateSafetyTest(body).result;
    });
    expect(results).toEqual(['Pass', 'Pass', 'Pass', 'Pass', 'Pass', 'Fail']);
  });
});
