import { z } from 'zod';
import { dateField, optionalDateField } from './dates';
import { EXAMPLE_TECHNICIAN } from './examples';
import { deviceSnapshotExample, taskEquipmentRefSchema, ventilatorSnapshotExample } from './task-api';

/*
 * Electrical-safety tests of medical electrical equipment, as IEC 62353 ("Recurrent test and test
 * after repair of medical electrical equipment") asks for them: a record per test of one device,
 * the measurements an analyser takes, and the verdict worked out from the standard's limits for
 * the device's protection class and applied parts. The limits live here and nowhere else: the
 * maintenance service computes every stored result with `evaluateSafetyTest`, and the record form
 * shows the same verdicts live as values are typed.
 */

/** How the device is protected against electric shock (IEC 60601-1's classes). */
export const PROTECTION_CLASSES = ['I', 'II', 'Internally powered'] as const;
export type ProtectionClass = (typeof PROTECTION_CLASSES)[number];

/** The type of an applied part (the part that touches the patient), by how far it is isolated. */
export const APPLIED_PART_TYPES = ['B', 'BF', 'CF'] as const;
export type AppliedPartType = (typeof APPLIED_PART_TYPES)[number];

/** How leakage current was measured (IEC 62353, 5.3.3 and 5.3.4). */
export const LEAKAGE_METHODS = ['alternative', 'direct', 'differential'] as const;
export type LeakageMethod = (typeof LEAKAGE_METHODS)[number];
/** Applied-part leakage is measured by the alternative or the direct method only. */
export const APPLIED_PART_METHODS = ['alternative', 'direct'] as const;
export type AppliedPartMethod = (typeof APPLIED_PART_METHODS)[number];

export const VISUAL_INSPECTION_RESULTS = ['Pass', 'Fail'] as const;
export type VisualInspectionResult = (typeof VISUAL_INSPECTION_RESULTS)[number];

export const SAFETY_RESULTS = ['Pass', 'Fail'] as const;
export type SafetyResult = (typeof SAFETY_RESULTS)[number];

/**
 * Where a test record came from: `form` (the record form), or the id of the analyser format its
 * file was read by (`caliber-csv`, `fluke-ansur`, `rigel-medebase`, …). The formats are the
 * maintenance service's own, so a new one ships with that service alone: no list of them here.
 */
export type SafetyTestSource = string;
/** The longest source a test keeps: `form` or a format's id. */
export const SAFETY_TEST_SOURCE_MAX = 20;

export const SAFETY_UNITS = ['Ω', 'MΩ', 'µA'] as const;
export type SafetyUnit = (typeof SAFETY_UNITS)[number];

/**
 * An analyser writes a reading past its range as a bound: `>100` (more than 100) or `<0.01`.
 * The bound is kept beside the number so the verdict can judge "more than the limit" as over it.
 */
export const READING_BOUNDS = ['>', '<'] as const;
export type ReadingBound = (typeof READING_BOUNDS)[number];

/**
 * One limit: what it bounds, for which devices, the bound, and where it comes from. `binding`
 * limits are the standard's and decide the result; the insulation minimums are common practice
 * (IEC 62353 sets none), shown as guidance and never failing a test on their own.
 */
const safetyLimit = z.object({
  id: z.string(),
  measurement: z.enum(['protectiveEarth', 'insulation', 'equipmentLeakage', 'appliedPartLeakage']),
  appliesTo: z.string().describe('Plain words for whom it applies: "Class I, measured with the mains cord".'),
  max: z
    .number()
    .optional()
    .describe('The measured value must be at most `max` (resistance to earth, leakage).'),
  min: z.number().optional().describe('The measured value must be at least `min` (insulation).'),
  unit: z.enum(SAFETY_UNITS),
  binding: z.boolean(),
  source: z.string(),
});
export type SafetyLimit = z.output<typeof safetyLimit>;

const TABLE_2 = 'IEC 62353:2014, Table 2 (allowable values for leakage currents)';
const PE_CLAUSE = 'IEC 62353:2014, 5.3.2 (measurement of protective earth resistance)';
const INSULATION_PRACTICE =
  'Common practice, not IEC 62353 (which sets no insulation limit): the minimum many safety analysers and service manuals apply, after IEC 60601-1 and IEC 61010 test practice';

/** Every limit the evaluation applies, with its source named. */
export const SAFETY_LIMITS = {
  // IEC 62353:2014 5.3.2 b): equipment with a detachable cord measured together with it, or with a
  // non-detachable cord: 300 mΩ from the mains plug's earth pin to accessible earthed metal.
  peWithCord: {
    id: 'peWithCord',
    measurement: 'protectiveEarth',
    appliesTo: 'Class I, measured from the mains plug (with the power cord)',
    max: 0.3,
    unit: 'Ω',
    binding: true,
    source: PE_CLAUSE,
  },
  // IEC 62353:2014 5.3.2 b): the equipment alone, from its appliance inlet: 200 mΩ (the cord
  // alone is allowed another 100 mΩ).
  peWithoutCord: {
    id: 'peWithoutCord',
    measurement: 'protectiveEarth',
    appliesTo: 'Class I, measured from the appliance inlet (without the detachable cord)',
    max: 0.2,
    unit: 'Ω',
    binding: true,
    source: PE_CLAUSE,
  },
  // IEC 62353:2014 Table 2, equipment leakage current, alternative method.
  equipmentAlternativeI: {
    id: 'equipmentAlternativeI',
    measurement: 'equipmentLeakage',
    appliesTo: 'Class I, alternative method',
    max: 1000,
    unit: 'µA',
    binding: true,
    source: TABLE_2,
  },
  equipmentAlternativeII: {
    id: 'equipmentAlternativeII',
    measurement: 'equipmentLeakage',
    appliesTo: 'Class II, alternative method',
    max: 500,
    unit: 'µA',
    binding: true,
    source: TABLE_2,
  },
  // IEC 62353:2014 Table 2, equipment leakage current, direct or differential method.
  equipmentDirectI: {
    id: 'equipmentDirectI',
    measurement: 'equipmentLeakage',
    appliesTo: 'Class I, direct or differential method',
    max: 500,
    unit: 'µA',
    binding: true,
    source: TABLE_2,
  },
  equipmentDirectII: {
    id: 'equipmentDirectII',
    measurement: 'equipmentLeakage',
    appliesTo: 'Class II, direct or differential method',
    max: 100,
    unit: 'µA',
    binding: true,
    source: TABLE_2,
  },
  // IEC 62353:2014 Table 2, applied part leakage current (alternative and direct method alike).
  // Type B has no applied-part limit: its applied parts are covered by the equipment leakage.
  appliedPartBF: {
    id: 'appliedPartBF',
    measurement: 'appliedPartLeakage',
    appliesTo: 'Type BF applied part, alternative or direct method',
    max: 5000,
    unit: 'µA',
    binding: true,
    source: TABLE_2,
  },
  appliedPartCF: {
    id: 'appliedPartCF',
    measurement: 'appliedPartLeakage',
    appliesTo: 'Type CF applied part, alternative or direct method',
    max: 50,
    unit: 'µA',
    binding: true,
    source: TABLE_2,
  },
  // Insulation resistance: guidance only (see INSULATION_PRACTICE).
  insulationI: {
    id: 'insulationI',
    measurement: 'insulation',
    appliesTo: 'Class I, mains parts to protective earth',
    min: 2,
    unit: 'MΩ',
    binding: false,
    source: INSULATION_PRACTICE,
  },
  insulationII: {
    id: 'insulationII',
    measurement: 'insulation',
    appliesTo: 'Class II, mains parts to the enclosure',
    min: 7,
    unit: 'MΩ',
    binding: false,
    source: INSULATION_PRACTICE,
  },
} as const satisfies Record<string, SafetyLimit>;
export type SafetyLimitId = keyof typeof SAFETY_LIMITS;

/** A limit as a verdict answers it (the example: protective earth, measured with the mains cord). */
export const safetyLimitSchema = safetyLimit.meta({
  id: 'SafetyLimit',
  examples: [SAFETY_LIMITS.peWithCord],
});

/** The most applied parts one record lists (a patient monitor has a handful of modules). */
export const SAFETY_APPLIED_PARTS_MAX = 12;

/** Bounds of what an analyser reads; a value past them is a typing or unit mistake, not a measurement. */
export const SAFETY_BOUNDS = {
  /** Ω: analysers read protective earth up to about 2 Ω, then report "open". */
  protectiveEarthOhm: { max: 100 },
  /** MΩ: analysers report "> 100 MΩ" up to a few hundred; 10,000 allows any. */
  insulationMegaohm: { max: 10_000 },
  /** µA: 100 mA is far past any limit; an analyser's range ends well before it. */
  leakageMicroamp: { max: 100_000 },
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must have at most ${max} characters.` });

/** A measured value, or null: not measured (the standard asks for none there). */
const measured = (label: string, unit: string, max: number) =>
  z
    .number({ error: `${label} must be a number in ${unit}, or left empty when not measured.` })
    .finite({ error: `${label} must be a number in ${unit}.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(max, {
      error: `${label} above ${max.toLocaleString('en')} ${unit} is not a reading: check the unit.`,
    })
    .nullable();

export const appliedPartSchema = z.strictObject({
  name: text('Applied part name', 60),
  type: z.enum(APPLIED_PART_TYPES, { error: 'Applied part type must be B, BF or CF.' }),
  leakageMicroamp: measured('Applied part leakage', 'µA', SAFETY_BOUNDS.leakageMicroamp.max),
});
export type AppliedPartMeasurement = z.output<typeof appliedPartSchema>;

/** The body of a test record, as the form sends it and an analyser row is read into. */
const safetyTestFields = z.strictObject({
  testedOn: dateField('Test date', { from: '2000-01-01', example: '2026-03-31' }),
  testerName: text('Tester', 120),
  instrument: text('Instrument', 120),
  instrumentCalibratedOn: optionalDateField('Instrument calibration date', { from: '2000-01-01' })
    .nullable()
    .default(null),
  protectionClass: z.enum(PROTECTION_CLASSES, {
    error: 'Protection class must be I, II or Internally powered.',
  }),
  leakageMethod: z.enum(LEAKAGE_METHODS, {
    error: 'Leakage method must be alternative, direct or differential.',
  }),
  appliedPartMethod: z
    .enum(APPLIED_PART_METHODS, { error: 'Applied part method must be alternative or direct.' })
    .default('alternative'),
  /** Protective earth measured from the mains plug with the cord (0.3 Ω), or from the inlet (0.2 Ω). */
  peWithCord: z
    .boolean({ error: 'Say whether protective earth was measured with the power cord.' })
    .default(true),
  protectiveEarthOhm: measured('Protective earth resistance', 'Ω', SAFETY_BOUNDS.protectiveEarthOhm.max),
  insulationMegaohm: measured('Insulation resistance', 'MΩ', SAFETY_BOUNDS.insulationMegaohm.max),
  equipmentLeakageMicroamp: measured('Equipment leakage', 'µA', SAFETY_BOUNDS.leakageMicroamp.max),
  appliedParts: z
    .array(appliedPartSchema, { error: 'Applied parts must be a list.' })
    .max(SAFETY_APPLIED_PARTS_MAX, { error: `At most ${SAFETY_APPLIED_PARTS_MAX} applied parts.` })
    .default([]),
  visualInspection: z.enum(VISUAL_INSPECTION_RESULTS, { error: 'Visual inspection must be Pass or Fail.' }),
  notes: z.string().trim().max(2000, { error: 'Notes must have at most 2000 characters.' }).default(''),
  /**
   * Readings an analyser wrote as a bound (`>50`), by the evaluation's measurement key
   * ('protectiveEarth', 'insulation', 'equipmentLeakage', 'appliedPart:<name>'). Only imports
   * send it; the record form types exact values.
   */
  readingBounds: z
    .array(
      z.strictObject({
        key: z.string().max(80),
        bound: z.enum(READING_BOUNDS),
      }),
    )
    .max(SAFETY_APPLIED_PARTS_MAX + 3)
    .optional(),
});
export type SafetyTestInput = z.input<typeof safetyTestFields>;
export type SafetyTestMeasurements = z.output<typeof safetyTestFields>;

/**
 * What the standard asks for, by protection class and applied part: a Class I device has its
 * protective earth measured, a Class II or internally powered one has none; mains-powered devices
 * have an equipment leakage, internally powered ones none; BF and CF applied parts have their
 * leakage measured, type B none. A value where none belongs, or none where one is required, is
 * refused: the record would otherwise pass on a measurement nobody took.
 */
export function measurementIssues(record: SafetyTestMeasurements): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const mains = record.protectionClass !== 'Internally powered';
  if (record.protectionClass === 'I' && record.protectiveEarthOhm === null)
    issues.push({
      path: 'protectiveEarthOhm',
      message: 'Protective earth resistance is required for a Class I device.',
    });
  if (record.protectionClass !== 'I' && record.protectiveEarthOhm !== null)
    issues.push({
      path: 'protectiveEarthOhm',
      message: `A ${classWords(record.protectionClass)} device has no protective earth to measure: leave it empty.`,
    });
  if (mains && record.equipmentLeakageMicroamp === null)
    issues.push({
      path: 'equipmentLeakageMicroamp',
      message: `Equipment leakage is required for a ${classWords(record.protectionClass)} device.`,
    });
  if (!mains && record.equipmentLeakageMicroamp !== null)
    issues.push({
      path: 'equipmentLeakageMicroamp',
      message: 'An internally powered device has no mains equipment leakage to measure: leave it empty.',
    });
  if (!mains && record.insulationMegaohm !== null)
    issues.push({
      path: 'insulationMegaohm',
      message: 'An internally powered device has no mains insulation to measure: leave it empty.',
    });
  record.appliedParts.forEach((part, index) => {
    if (part.type === 'B' && part.leakageMicroamp !== null)
      issues.push({
        path: `appliedParts.${index}.leakageMicroamp`,
        message: `${part.name}: a type B applied part has no applied-part leakage limit (its equipment leakage covers it): leave it empty.`,
      });
    if (part.type !== 'B' && part.leakageMicroamp === null)
      issues.push({
        path: `appliedParts.${index}.leakageMicroamp`,
        message: `${part.name}: the leakage of a type ${part.type} applied part is required.`,
      });
  });
  const names = record.appliedParts.map((part) => part.name.toLowerCase());
  names.forEach((name, index) => {
    if (names.indexOf(name) !== index)
      issues.push({ path: `appliedParts.${index}.name`, message: 'Two applied parts have the same name.' });
  });
  return issues;
}

function classWords(protectionClass: ProtectionClass): string {
  return protectionClass === 'Internally powered' ? 'internally powered' : `Class ${protectionClass}`;
}

/** The record's body, with the rules of what must and must not be measured. */
export const safetyTestBodySchema = safetyTestFields.superRefine((record, context) => {
  for (const issue of measurementIssues(record))
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path.split('.') });
});

/** What the record form sends: the body, and whether a failed test opens a Repair task. */
export const recordSafetyTestSchema = z.strictObject({
  test: safetyTestBodySchema,
  openRepairTask: z.boolean().default(false),
});
export type RecordSafetyTestRequest = z.input<typeof recordSafetyTestSchema>;

export const MEASUREMENT_VERDICTS = ['Pass', 'Fail', 'Below guidance', 'Not applicable'] as const;
export type MeasurementVerdict = (typeof MEASUREMENT_VERDICTS)[number];

/** A passing recurrent test of a ventilator, the documented example of a test record. */
const EXAMPLE_TEST: SafetyTestMeasurements = {
  testedOn: '2026-03-10',
  testerName: EXAMPLE_TECHNICIAN.name,
  instrument: 'Fluke ESA615',
  instrumentCalibratedOn: '2025-11-20',
  protectionClass: 'I',
  leakageMethod: 'alternative',
  appliedPartMethod: 'alternative',
  peWithCord: true,
  protectiveEarthOhm: 0.12,
  insulationMegaohm: 250,
  equipmentLeakageMicroamp: 180,
  appliedParts: [{ name: 'Patient circuit', type: 'BF', leakageMicroamp: 12 }],
  visualInspection: 'Pass',
  notes: '',
};
/** Its verdicts: every limit met. */
const EXAMPLE_EVALUATION = evaluateSafetyTest(EXAMPLE_TEST);

/** One measurement's verdict with the limit it was judged against (null: none applies). */
const measurementEvaluation = z.object({
  key: z.string().describe("'protectiveEarth', 'insulation', 'equipmentLeakage' or 'appliedPart:<name>'."),
  label: z.string(),
  value: z.number().nullable(),
  unit: z.enum(SAFETY_UNITS),
  limit: safetyLimitSchema.nullable(),
  verdict: z.enum(MEASUREMENT_VERDICTS),
  bound: z
    .enum(READING_BOUNDS)
    .optional()
    .describe('The analyser wrote the value as a bound: `>` more than it, `<` less than it.'),
});
// Typed by the shape: the example is computed by `evaluateSafetyTest`, whose answer is this type.
export const measurementEvaluationSchema: typeof measurementEvaluation = measurementEvaluation.meta({
  id: 'SafetyMeasurement',
  examples: EXAMPLE_EVALUATION.measurements.slice(0, 1),
});
export type MeasurementEvaluation = z.output<typeof measurementEvaluationSchema>;

const safetyEvaluation = z.object({
  result: z.enum(SAFETY_RESULTS),
  measurements: z.array(measurementEvaluationSchema),
  failed: z
    .array(z.string())
    .describe('The labels of what failed, the visual inspection included: "Equipment leakage".'),
});
export const safetyEvaluationSchema: typeof safetyEvaluation = safetyEvaluation.meta({
  id: 'SafetyEvaluation',
  examples: [EXAMPLE_EVALUATION],
});
export type SafetyEvaluation = z.output<typeof safetyEvaluationSchema>;

/** The protective-earth limit that applies, or null (Class II and internally powered have no earth). */
export function protectiveEarthLimit(
  record: Pick<SafetyTestMeasurements, 'protectionClass' | 'peWithCord'>,
): SafetyLimit | null {
  if (record.protectionClass !== 'I') return null;
  return record.peWithCord ? SAFETY_LIMITS.peWithCord : SAFETY_LIMITS.peWithoutCord;
}

export function equipmentLeakageLimit(
  record: Pick<SafetyTestMeasurements, 'protectionClass' | 'leakageMethod'>,
): SafetyLimit | null {
  if (record.protectionClass === 'Internally powered') return null;
  const alternative = record.leakageMethod === 'alternative';
  if (record.protectionClass === 'I')
    return alternative ? SAFETY_LIMITS.equipmentAlternativeI : SAFETY_LIMITS.equipmentDirectI;
  return alternative ? SAFETY_LIMITS.equipmentAlternativeII : SAFETY_LIMITS.equipmentDirectII;
}

export function appliedPartLimit(type: AppliedPartType): SafetyLimit | null {
  if (type === 'BF') return SAFETY_LIMITS.appliedPartBF;
  if (type === 'CF') return SAFETY_LIMITS.appliedPartCF;
  return null;
}

export function insulationGuidance(protectionClass: ProtectionClass): SafetyLimit | null {
  if (protectionClass === 'I') return SAFETY_LIMITS.insulationI;
  if (protectionClass === 'II') return SAFETY_LIMITS.insulationII;
  return null;
}

/**
 * A value against a limit: at most `max`, at least `min`; a value on the limit passes. A reading
 * written as a bound is judged by what it says: `>50` is more than 50, so it is over a 50 µA
 * maximum (it fails, though 50 itself would pass), and `<2` is under a 2 MΩ minimum.
 */
export function judge(
  value: number | null,
  limit: SafetyLimit | null,
  bound?: ReadingBound,
): MeasurementVerdict {
  if (value === null || limit === null) return 'Not applicable';
  const max = 'max' in limit ? limit.max : undefined;
  const min = 'min' in limit ? limit.min : undefined;
  const within =
    (max !== undefined ? (bound === '>' ? value < max : value <= max) : true) &&
    (min !== undefined ? (bound === '<' ? value > min : value >= min) : true);
  if (within) return 'Pass';
  return limit.binding ? 'Fail' : 'Below guidance';
}

/**
 * The verdict of a record: each measurement against the limit for the device's protection class,
 * the leakage method and the applied part's type, and the overall result. The test fails when a
 * measurement exceeds a binding limit of IEC 62353 or the visual inspection failed; insulation
 * below its common-practice minimum is reported as "Below guidance" and does not fail it. Values on
 * the limit pass ("shall not exceed"). Pure: the server stores its answer, the form shows it live.
 */
export function evaluateSafetyTest(record: SafetyTestMeasurements): SafetyEvaluation {
  const measurements: MeasurementEvaluation[] = [];
  const bounds = new Map((record.readingBounds ?? []).map((item) => [item.key, item.bound]));
  const push = (item: Omit<MeasurementEvaluation, 'verdict' | 'bound'>) => {
    const bound = item.value === null ? undefined : bounds.get(item.key);
    measurements.push({
      ...item,
      verdict: judge(item.value, item.limit, bound),
      ...(bound ? { bound } : {}),
    });
  };
  const pe = protectiveEarthLimit(record);
  push({
    key: 'protectiveEarth',
    label: 'Protective earth resistance',
    value: record.protectiveEarthOhm,
    unit: 'Ω',
    limit: pe,
  });
  const insulation = insulationGuidance(record.protectionClass);
  push({
    key: 'insulation',
    label: 'Insulation resistance',
    value: record.insulationMegaohm,
    unit: 'MΩ',
    limit: insulation,
  });
  const equipment = equipmentLeakageLimit(record);
  push({
    key: 'equipmentLeakage',
    label: 'Equipment leakage',
    value: record.equipmentLeakageMicroamp,
    unit: 'µA',
    limit: equipment,
  });
  for (const part of record.appliedParts) {
    const limit = appliedPartLimit(part.type);
    push({
      key: `appliedPart:${part.name}`,
      label: `Applied part leakage, ${part.name} (${part.type})`,
      value: part.leakageMicroamp,
      unit: 'µA',
      limit,
    });
  }
  const failed = measurements.filter((item) => item.verdict === 'Fail').map((item) => item.label);
  if (record.visualInspection === 'Fail') failed.unshift('Visual inspection');
  return { result: failed.length > 0 ? 'Fail' : 'Pass', measurements, failed };
}

/** The title of the Repair task a failed test opens: what failed, on which device. */
export function safetyRepairTitle(failed: readonly string[], deviceName: string): string {
  const what =
    failed.length > 2
      ? `${failed.slice(0, 2).join(', ')} and ${failed.length - 2} more`
      : failed.join(' and ');
  const title = `Failed electrical safety test (${what}): ${deviceName}`;
  return title.length > 200 ? `${title.slice(0, 199)}…` : title;
}

/** The ventilator's test as recorded with the form. */
export const safetyTestExample = {
  _id: '6d3f1a92-7b4e-4c58-9a0d-3e2f1b8c7a64',
  ...EXAMPLE_TEST,
  equipment: ventilatorSnapshotExample,
  result: EXAMPLE_EVALUATION.result,
  evaluation: EXAMPLE_EVALUATION,
  source: 'form',
  analyserResult: null,
  repairTask: null,
  recordedBy: EXAMPLE_TECHNICIAN,
  recordedAt: '2026-03-10T11:42:09.817Z',
} as const;

/** A reading as stored and answered: what the form or the analyser gave, or null when not measured. */
const readingAnswer = z.number().nullable();

/**
 * A test record as every call answers it. Dates are `YYYY-MM-DD`; times ISO 8601. The answer says
 * what was recorded, not the limits a new record is checked against: a test recorded under
 * earlier limits is answered as it was recorded.
 */
export const safetyTestDtoSchema = z
  .object({
    _id: z.string(),
    equipment: taskEquipmentRefSchema,
    testedOn: z.string().describe('YYYY-MM-DD'),
    testerName: z.string(),
    instrument: z.string(),
    instrumentCalibratedOn: z.string().nullable().describe('YYYY-MM-DD'),
    protectionClass: z.enum(PROTECTION_CLASSES),
    leakageMethod: z.enum(LEAKAGE_METHODS),
    appliedPartMethod: z.enum(APPLIED_PART_METHODS),
    peWithCord: z
      .boolean()
      .describe(
        'Protective earth measured from the mains plug with the cord (0.3 Ω), or from the inlet (0.2 Ω).',
      ),
    protectiveEarthOhm: readingAnswer.describe('Ω'),
    insulationMegaohm: readingAnswer.describe('MΩ'),
    equipmentLeakageMicroamp: readingAnswer.describe('µA'),
    appliedParts: z.array(
      z.object({
        name: z.string(),
        type: z.enum(APPLIED_PART_TYPES),
        leakageMicroamp: readingAnswer.describe('µA'),
      }),
    ),
    visualInspection: z.enum(VISUAL_INSPECTION_RESULTS),
    notes: z.string(),
    result: z.enum(SAFETY_RESULTS),
    evaluation: safetyEvaluationSchema,
    source: z
      .string()
      .describe(
        '`form`, or the id of the analyser format it was imported from (`caliber-csv`, `fluke-ansur`, `rigel-medebase`, …).',
      ),
    analyserResult: z
      .enum(SAFETY_RESULTS)
      .nullable()
      .describe("An imported analyser's own verdict, kept beside the computed one (null: none given)."),
    repairTask: z.object({ _id: z.string(), title: z.string() }).nullable(),
    recordedBy: z.object({ _id: z.string().nullable(), name: z.string() }),
    recordedAt: z.string(),
  })
  .meta({ id: 'SafetyTest', examples: [safetyTestExample] });
export type SafetyTestDto = z.output<typeof safetyTestDtoSchema>;

/** The ventilator's next test, a year after the last one. */
const safetyTestDueExample = {
  planId: 'b8e1d4c7-2a5f-4e3b-9d6c-0f7a8e2b1c35',
  planTitle: 'Annual electrical safety test (IEC 62353)',
  dueDate: '2027-03-10',
  overdue: false,
  taskToComplete: null,
};

/** When a device's next safety test is due: from its active Safety Testing PM plan. */
export const safetyTestDueSchema = z
  .object({
    planId: z.string(),
    planTitle: z.string(),
    dueDate: z.string().describe('YYYY-MM-DD'),
    overdue: z.boolean(),
    taskToComplete: z
      .object({ _id: z.string(), title: z.string() })
      .nullable()
      .describe(
        "The plan's open PM task when a test has been recorded since it was created: recording a test does not complete the task, so the due date moves only when someone completes it.",
      ),
  })
  .meta({ id: 'SafetyTestDue', examples: [safetyTestDueExample] });
export type SafetyTestDue = z.output<typeof safetyTestDueSchema>;

/** A device's safety tests, newest first, with its next due date (null: no safety-testing plan). */
export const deviceSafetyTestsSchema = z
  .object({
    tests: z.array(safetyTestDtoSchema),
    total: z.number().int(),
    due: safetyTestDueSchema.nullable(),
  })
  .meta({
    id: 'DeviceSafetyTests',
    examples: [{ tests: [safetyTestExample], total: 1, due: safetyTestDueExample }],
  });
export type DeviceSafetyTests = z.output<typeof deviceSafetyTestsSchema>;

/** The most tests a device's list answers (a device is tested once or twice a year). */
export const SAFETY_TESTS_LISTED = 50;

export const recordSafetyTestResponseSchema = z
  .object({ test: safetyTestDtoSchema })
  .meta({ id: 'SafetyTestRecorded', examples: [{ test: safetyTestExample }] });
export type RecordSafetyTestResponse = z.output<typeof recordSafetyTestResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Analyser imports

/** The largest analyser file accepted (an export of a year's tests is a few hundred KB). */
export const SAFETY_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most test rows one file may hold. */
export const SAFETY_IMPORT_MAX_ROWS = 1000;

/** One analyser row as read: the device's serial (and asset number if the file has one), and the test. */
export interface AnalyserRecord {
  /** The file's line, for the preview ("line 4"). */
  line: number;
  serialNumber: string;
  assetNumber: string | null;
  /** When the analyser took the test, as it wrote it (date and time when it has one): the duplicate check's key. */
  testedAt: string;
  test: SafetyTestInput;
  analyserResult: SafetyResult | null;
}

/** A row the parser could not read: its line and why. */
export interface AnalyserRefusal {
  line: number;
  serialNumber: string | null;
  reason: string;
}

/** What a parser makes of a file: its format, its readable rows and the rows it refused. */
export interface AnalyserFileRead {
  /** The format's id, kept as each imported test's source. */
  format: SafetyTestSource;
  formatName: string;
  records: AnalyserRecord[];
  refusals: AnalyserRefusal[];
}

/**
 * The upload's query: its file's name (the file itself is the request's body, streamed) and (on
 * apply) whether failed tests open Repair tasks.
 */
export const safetyImportQuerySchema = z.strictObject({
  fileName: z
    .string({ error: 'fileName is required.' })
    .trim()
    .min(1, { error: 'fileName is required.' })
    .max(255, { error: 'fileName must have at most 255 characters.' })
    .regex(/\.csv$/i, { error: 'Send the analyser export as a .csv file.' }),
  openRepairTasks: z
    .enum(['true', 'false'], { error: 'openRepairTasks must be true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type SafetyImportQuery = z.input<typeof safetyImportQuerySchema>;

export const SAFETY_IMPORT_OUTCOMES = ['import', 'refused'] as const;
export type SafetyImportOutcome = (typeof SAFETY_IMPORT_OUTCOMES)[number];

/** The pump's test after its repair, read from a Fluke analyser's export. */
const safetyImportRowExample = {
  line: 2,
  serialNumber: deviceSnapshotExample.serialNumber,
  outcome: 'import',
  reason: null,
  equipment: deviceSnapshotExample,
  testedOn: '2026-03-05',
  result: 'Pass',
  analyserResult: 'Pass',
  disagrees: false,
  failed: [],
} as const;
/** A file of that one row, previewed. */
const safetyImportPreviewExample = {
  format: 'fluke-ansur',
  formatName: 'Fluke Biomedical ESA615 / Ansur (modelled)',
  rows: [safetyImportRowExample],
  importable: 1,
  refused: 0,
  failing: 0,
};

export const safetyImportRowSchema = z
  .object({
    line: z.number().int(),
    serialNumber: z.string().nullable(),
    outcome: z.enum(SAFETY_IMPORT_OUTCOMES),
    reason: z
      .string()
      .nullable()
      .describe('Why it is refused: no such device, ambiguous, a duplicate, an unreadable or missing value.'),
    equipment: taskEquipmentRefSchema.nullable(),
    testedOn: z.string().nullable(),
    result: z.enum(SAFETY_RESULTS).nullable(),
    analyserResult: z.enum(SAFETY_RESULTS).nullable(),
    disagrees: z
      .boolean()
      .describe("The analyser's verdict differs from the one computed from the standard's limits."),
    failed: z.array(z.string()),
    testId: z.string().optional().describe('After apply: the test written.'),
    repairTaskId: z.string().nullable().optional().describe("After apply: the test's Repair task."),
  })
  .meta({ id: 'SafetyImportRow', examples: [safetyImportRowExample] });
export type SafetyImportRow = z.output<typeof safetyImportRowSchema>;

export const safetyImportPreviewSchema = z
  .object({
    format: z.string(),
    formatName: z.string(),
    rows: z.array(safetyImportRowSchema),
    importable: z.number().int(),
    refused: z.number().int(),
    failing: z.number().int(),
  })
  .meta({ id: 'SafetyImportPreview', examples: [safetyImportPreviewExample] });
export type SafetyImportPreview = z.output<typeof safetyImportPreviewSchema>;

export const safetyImportAppliedSchema = safetyImportPreviewSchema
  .extend({ imported: z.number().int(), repairTasks: z.number().int() })
  .meta({
    id: 'SafetyImportApplied',
    examples: [
      {
        ...safetyImportPreviewExample,
        rows: [
          { ...safetyImportRowExample, testId: 'e2f4a6c8-1b3d-4f5a-8c7e-9d0b2a4c6e81', repairTaskId: null },
        ],
        imported: 1,
        repairTasks: 0,
      },
    ],
  });
export type SafetyImportApplied = z.output<typeof safetyImportAppliedSchema>;

/**
 * What the gateway sends maintenance: where it streamed the file in the file store (never its
 * bytes nor its rows). Maintenance reads it there in its own file workers, by the analyser format
 * its first line names, and removes it whatever the outcome.
 */
export const safetyImportCommandSchema = z.strictObject({
  incomingKey: z.string().regex(/^incoming\/[a-f0-9-]{36}$/),
  fileName: z.string().min(1).max(255),
  openRepairTasks: z.boolean().default(false),
});
export type SafetyImportCommand = z.input<typeof safetyImportCommandSchema>;

// ---------------------------------------------------------------------------------------------
// Report data

/** The compliance audit's safety-test figures for a period and scope. */
export interface SafetyTestFigures {
  tests: number;
  passed: number;
  failed: number;
  /** Devices with an active Safety Testing plan whose next test is past due now. */
  overdueDevices: number;
}

export interface FailedSafetyTestRow {
  testId: string;
  equipmentName: string;
  serialNumber: string;
  department: string;
  testedOn: string;
  failed: string[];
  repairTaskId: string | null;
  repairTaskTitle: string | null;
  repairTaskStatus: string | null;
}
