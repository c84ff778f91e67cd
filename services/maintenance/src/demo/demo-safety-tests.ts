import type { EquipmentDto, SafetyTestInput } from '@caliber/contracts';
import type { DemoPlan } from './demo-plans';

/** One demo electrical-safety test: its device and the test as the record form would send it. */
export interface DemoSafetyTest {
  equipment: EquipmentDto;
  test: SafetyTestInput;
}

const DAY_MS = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The applied parts each kind of device on a safety-testing plan has. */
const APPLIED_PARTS: Record<string, SafetyTestInput['appliedParts']> = {
  Defibrillator: [
    { name: 'Paddles', type: 'BF', leakageMicroamp: 0 },
    { name: 'ECG', type: 'CF', leakageMicroamp: 0 },
  ],
  Monitor: [
    { name: 'ECG', type: 'CF', leakageMicroamp: 0 },
    { name: 'SpO2', type: 'BF', leakageMicroamp: 0 },
  ],
};

/**
 * A history of electrical-safety tests for the devices on a demo Safety Testing plan: three tests
 * a year apart (a monthly plan's device too: the yearly IEC 62353 test beside its monthly checks),
 * with readings that vary by device and year. The second device's latest test failed on its
 * protective earth, as a worn mains cord does, so the screens and the compliance report show a
 * failure; the rest pass.
 */
export function demoSafetyTests(plans: readonly DemoPlan[], now: number): DemoSafetyTest[] {
  const devices = plans.filter((plan) => plan.pmType === 'Safety Testing').map((plan) => plan.equipment);
  return devices.flatMap((equipment, index) =>
    [3, 2, 1].map((yearsAgo): DemoSafetyTest => {
      const failing = index === 1 && yearsAgo === 1;
      const wobble = ((index * 7 + yearsAgo * 3) % 10) / 100;
      return {
        equipment,
        test: {
          testedOn: dateOf(now - (yearsAgo * 365 - 20 - index * 9) * DAY_MS),
          testerName: 'Demo data',
          instrument: index % 2 === 0 ? 'Fluke ESA615 s/n 4410021' : 'Rigel 288+ s/n 288-10422',
          instrumentCalibratedOn: dateOf(now - (yearsAgo * 365 + 60) * DAY_MS),
          protectionClass: 'I',
          leakageMethod: index % 2 === 0 ? 'alternative' : 'direct',
          appliedPartMethod: 'direct',
          peWithCord: true,
          protectiveEarthOhm: failing ? 0.42 : Math.round((0.08 + wobble) * 1000) / 1000,
          insulationMegaohm: 150 + index * 10,
          equipmentLeakageMicroamp: 180 + index * 15 + yearsAgo * 10,
          appliedParts: (APPLIED_PARTS[equipment.category] ?? []).map((part) => ({
            ...part,
            leakageMicroamp: part.type === 'CF' ? 4 + index : 20 + index * 3,
          })),
          visualInspection: 'Pass',
          notes: failing ? 'Earth pin of the mains plug loose; cord to be replaced.' : '',
        },
      };
    }),
  );
}
