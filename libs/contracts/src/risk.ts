import { z } from 'zod';
import { unknownFields } from './form-fields';
import { EXAMPLE_ENGINEER } from './examples';

/**
 * The Fennigkoh–Smith equipment management (EM) number: how much a device needs a scheduled
 * maintenance program, as the sum of four published scores. Each scale is listed with its
 * published wording so the item details can show what a score means.
 */
export const RISK_SCALES = {
  /** What the device does. */
  function: [
    { score: 10, label: 'Life support' },
    { score: 9, label: 'Surgical and intensive care' },
    { score: 8, label: 'Physical therapy and treatment' },
    { score: 7, label: 'Surgical and intensive care monitoring' },
    { score: 6, label: 'Additional physiological monitoring and diagnostic' },
    { score: 5, label: 'Analytical laboratory' },
    { score: 4, label: 'Laboratory accessories' },
    { score: 3, label: 'Computer and related' },
    { score: 2, label: 'Patient related and other' },
  ],
  /** The worst that happens when it fails. */
  physicalRisk: [
    { score: 5, label: 'Device failure could cause patient death' },
    { score: 4, label: 'Device failure could injure a patient or operator' },
    { score: 3, label: 'Device failure could cause inappropriate therapy or misdiagnosis' },
    { score: 2, label: 'Device failure could damage equipment' },
    { score: 1, label: 'No significant identified risk' },
  ],
  /** What the manufacturer or experience says it needs. */
  maintenance: [
    { score: 5, label: 'Extensive: routine calibration and part replacement' },
    { score: 4, label: 'Above average' },
    { score: 3, label: 'Average: performance verification and safety testing' },
    { score: 2, label: 'Below average' },
    { score: 1, label: 'Minimal: visual inspection' },
  ],
  /** Its record of failures and incidents. */
  incidentHistory: [
    { score: 2, label: 'Significant history of incidents' },
    { score: 1, label: 'Moderate history' },
    { score: 0, label: 'Typical' },
    { score: -1, label: 'Minimal history' },
    { score: -2, label: 'No significant history' },
  ],
} as const;

export type RiskFactor = keyof typeof RISK_SCALES;
export const RISK_FACTORS = Object.keys(RISK_SCALES) as RiskFactor[];

export const RISK_FACTOR_LABELS: Record<RiskFactor, string> = {
  function: 'Equipment function',
  physicalRisk: 'Physical risk',
  maintenance: 'Maintenance requirements',
  incidentHistory: 'Incident history',
};

/** The EM number runs from 2 (2 + 1 + 1 − 2) to 22 (10 + 5 + 5 + 2). */
export const RISK_TOTAL_RANGE = { min: 2, max: 22 } as const;

/**
 * Devices at or above this EM number belong in the PM program (Fennigkoh and Smith's threshold).
 * A deployment may choose another (`PM_PROGRAM_THRESHOLD`).
 */
export const DEFAULT_PM_PROGRAM_THRESHOLD = 12;

export const RISK_CLASSES = ['High', 'Medium', 'Low'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

/** High from 16 up; Medium from the program threshold; Low below it. */
export const HIGH_RISK_CLASS_FROM = 16;

export interface RiskScores {
  function: number;
  physicalRisk: number;
  maintenance: number;
  incidentHistory: number;
}

/** An ICU infusion pump's assessment: intensive care, a failure could injure, above-average upkeep. */
const exampleScores: RiskScores = { function: 9, physicalRisk: 4, maintenance: 4, incidentHistory: 0 };
export const riskAssessmentExample = {
  ...exampleScores,
  ...assessRisk(exampleScores),
  assessedAt: '2026-01-08T09:20:45.310Z',
  assessedBy: EXAMPLE_ENGINEER,
};

/** An item's assessment as every call answers it (null on an item not assessed yet). */
export const riskAssessmentDtoSchema = z
  .object({
    function: z.number().int(),
    physicalRisk: z.number().int(),
    maintenance: z.number().int(),
    incidentHistory: z.number().int(),
    /** The EM number: the four scores added up. */
    total: z.number().int(),
    riskClass: z.enum(RISK_CLASSES),
    /** Failure could seriously injure or kill (physical risk 4 or 5), or the device is life support. */
    highRisk: z.boolean(),
    /** The device's function is life support (score 10). */
    lifeSupport: z.boolean(),
    /** Its EM number reaches the PM program threshold. */
    inPmProgram: z.boolean(),
    assessedAt: z.string(),
    assessedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'RiskAssessment', examples: [riskAssessmentExample] });
export type RiskAssessmentDto = z.output<typeof riskAssessmentDtoSchema>;

export interface RiskOutcome {
  total: number;
  riskClass: RiskClass;
  highRisk: boolean;
  lifeSupport: boolean;
  inPmProgram: boolean;
}

/** The arithmetic of the EM number, one place for the service, the screens and the reports. */
export function assessRisk(scores: RiskScores, threshold = DEFAULT_PM_PROGRAM_THRESHOLD): RiskOutcome {
  const total = scores.function + scores.physicalRisk + scores.maintenance + scores.incidentHistory;
  const lifeSupport = scores.function === 10;
  return {
    total,
    riskClass:
      total >= Math.max(HIGH_RISK_CLASS_FROM, threshold) ? 'High' : total >= threshold ? 'Medium' : 'Low',
    highRisk: lifeSupport || scores.physicalRisk >= 4,
    lifeSupport,
    inPmProgram: total >= threshold,
  };
}

const scoreOf = (factor: RiskFactor) => {
  const scores: number[] = RISK_SCALES[factor].map((step) => step.score);
  return z
    .number({ error: `${RISK_FACTOR_LABELS[factor]} must be a score.` })
    .refine((value) => scores.includes(value), {
      error: `${RISK_FACTOR_LABELS[factor]} must be one of ${scores.join(', ')}.`,
    });
};

/** PUT of an item's assessment (Engineer and Admin): the four scores; the rest follows from them. */
export const riskAssessmentSchema = z.strictObject(
  {
    function: scoreOf('function'),
    physicalRisk: scoreOf('physicalRisk'),
    maintenance: scoreOf('maintenance'),
    incidentHistory: scoreOf('incidentHistory'),
  },
  { error: unknownFields('function, physicalRisk, maintenance and incidentHistory') },
);
export type RiskAssessmentRequest = z.input<typeof riskAssessmentSchema>;

/**
 * The body of `PUT /api/equipment/{id}/risk`: the four scores, and the `version` the screen read,
 * so an assessment made on a stale view of the item is refused (409) like any other edit.
 */
export const assessRiskRequestSchema = z.strictObject(
  {
    ...riskAssessmentSchema.shape,
    version: z.number({ error: 'version must be a number.' }).int().positive().optional(),
  },
  { error: unknownFields('function, physicalRisk, maintenance, incidentHistory and version') },
);
export type AssessRiskRequest = z.input<typeof assessRiskRequestSchema>;
