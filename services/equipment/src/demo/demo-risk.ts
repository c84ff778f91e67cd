import type { NewEquipment, RiskScores } from '@caliber/contracts';
import { pick, random, type DemoCategory } from './demo-equipment';

/**
 * How a biomedical department typically scores each kind of device on the Fennigkoh–Smith
 * scales: ventilators and defibrillators are life support whose failure can kill; monitors watch
 * intensive care and misreport when they fail; infusion pumps treat and can injure; the rest
 * diagnose or support, with less at stake. Maintenance and incident history vary within a kind
 * (models and their records differ), so some monitors, suction units, X-ray and ultrasound units
 * fall below the PM program threshold and some stay above it.
 */
const PROFILES: Record<
  DemoCategory,
  { function: number; physicalRisk: number[]; maintenance: number[]; incidentHistory: number[] }
> = {
  Ventilator: { function: 10, physicalRisk: [5], maintenance: [5, 4], incidentHistory: [2, 1, 0, -1] },
  Defibrillator: { function: 10, physicalRisk: [5], maintenance: [4, 3], incidentHistory: [1, 0, -1, -2] },
  Monitor: { function: 7, physicalRisk: [3, 4], maintenance: [3, 2], incidentHistory: [1, 0, -1, -2] },
  'Infusion Pump': { function: 9, physicalRisk: [4], maintenance: [4, 3], incidentHistory: [1, 0, -1] },
  Suction: { function: 8, physicalRisk: [3, 2], maintenance: [2], incidentHistory: [0, -1, -2] },
  Autoclave: { function: 4, physicalRisk: [2], maintenance: [4, 3], incidentHistory: [0, -1, -2] },
  'X-Ray': { function: 6, physicalRisk: [3], maintenance: [4, 3], incidentHistory: [0, -1, -2] },
  Ultrasound: { function: 6, physicalRisk: [3, 2], maintenance: [3, 2], incidentHistory: [0, -1, -2] },
};

/** About one item in ten is waiting for its first assessment. */
const UNASSESSED_SHARE = 0.1;

/**
 * A deterministic assessment for each generated item (null: not assessed yet). It draws from its
 * own random sequence, so the items themselves stay exactly what `generateEquipment` makes for
 * the same seed.
 */
export function demoRiskScores(items: readonly NewEquipment[], seed = 1): (RiskScores | null)[] {
  const next = random(seed ^ 0x5eed_1234);
  return items.map((item) => {
    // A device of a category the demo does not make scores as monitoring equipment.
    const profile = PROFILES[item.category as DemoCategory] ?? PROFILES.Monitor;
    const scores: RiskScores = {
      function: profile.function,
      physicalRisk: pick(next, profile.physicalRisk),
      maintenance: pick(next, profile.maintenance),
      incidentHistory: pick(next, profile.incidentHistory),
    };
    return next() < UNASSESSED_SHARE ? null : scores;
  });
}
