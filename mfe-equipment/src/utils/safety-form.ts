import { z } from 'zod';
import {
  evaluateSafetyTest,
  parseWith,
  recordSafetyTestSchema,
  type AppliedPartMethod,
  type AppliedPartType,
  type LeakageMethod,
  type MeasurementEvaluation,
  type ProtectionClass,
  type RecordSafetyTestRequest,
  type SafetyEvaluation,
  type SafetyLimit,
  type SafetyTestDto,
  type SafetyTestMeasurements,
  type VisualInspectionResult,
} from '@caliber/contracts';

/*
 * The record form's values and sentences, without the DOM (tested under Node): what the person
 * typed, as text (react-hook-form holds it); the record it makes; the verdicts shown live (the
 * contracts' own evaluation, the one the server stores); the body sent, and the form's rules.
 */

export interface AppliedPartRow {
  name: string;
  type: AppliedPartType;
  leakage: string;
}

export interface SafetyFormState {
  testedOn: string;
  testerName: string;
  instrument: string;
  instrumentCalibratedOn: string;
  protectionClass: ProtectionClass;
  leakageMethod: LeakageMethod;
  appliedPartMethod: AppliedPartMethod;
  peWithCord: boolean;
  protectiveEarth: string;
  insulation: string;
  equipmentLeakage: string;
  appliedParts: AppliedPartRow[];
  visualInspection: VisualInspectionResult;
  notes: string;
  /** The person's own choice about the Repair task; null: on when the computed result is Fail. */
  repairChoice: boolean | null;
}

/**
 * A new form: today, the person signed in as tester, and from the device's previous test its
 * protection class, methods, applied parts (without their values) and instrument, which rarely
 * change between tests of one device.
 */
export function initialSafetyForm(
  today: string,
  testerName: string,
  previous: SafetyTestDto | null,
): SafetyFormState {
  return {
    testedOn: today,
    testerName,
    instrument: previous?.instrument ?? '',
    instrumentCalibratedOn: previous?.instrumentCalibratedOn ?? '',
    protectionClass: previous?.protectionClass ?? 'I',
    leakageMethod: previous?.leakageMethod ?? 'alternative',
    appliedPartMethod: previous?.appliedPartMethod ?? 'alternative',
    peWithCord: previous?.peWithCord ?? true,
    protectiveEarth: '',
    insulation: '',
    equipmentLeakage: '',
    appliedParts: (previous?.appliedParts ?? []).map((part) => ({
      name: part.name,
      type: part.type,
      leakage: '',
    })),
    visualInspection: 'Pass',
    notes: '',
    repairChoice: null,
  };
}

/**
 * A value written with a comma every three digits (`1,200`): a grouping comma (1200) or a decimal
 * comma (1.2)? The form cannot tell, and a leakage read a thousand times too small would pass, so
 * such a value is refused until it is written without the comma.
 */
export const isAmbiguousComma = (text: string) => /^\d{1,3}(,\d{3})+$/.test(text.trim());

/**
 * A typed value: a number (a single decimal comma, `0,08`, is read as a point), null when empty,
 * NaN when not a number or ambiguous (see isAmbiguousComma).
 */
export function typedNumber(text: string): number | null {
  if (isAmbiguousComma(text)) return Number.NaN;
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) || /^\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What the standard asks to measure for the chosen class: the fields the form shows. */
export function measuredFields(protectionClass: ProtectionClass) {
  return {
    protectiveEarth: protectionClass === 'I',
    insulation: protectionClass !== 'Internally powered',
    equipmentLeakage: protectionClass !== 'Internally powered',
  };
}

const valueOf = (text: string, shown: boolean) => {
  if (!shown) return null;
  const value = typedNumber(text);
  return value === null || Number.isNaN(value) ? null : value;
};

/** The record as typed so far (unreadable or hidden values as not measured), for the live verdicts. */
export function recordOf(state: SafetyFormState): SafetyTestMeasurements {
  const shown = measuredFields(state.protectionClass);
  return {
    testedOn: state.testedOn,
    testerName: state.testerName,
    instrument: state.instrument,
    instrumentCalibratedOn: state.instrumentCalibratedOn || null,
    protectionClass: state.protectionClass,
    leakageMethod: state.leakageMethod,
    appliedPartMethod: state.appliedPartMethod,
    peWithCord: state.peWithCord,
    protectiveEarthOhm: valueOf(state.protectiveEarth, shown.protectiveEarth),
    insulationMegaohm: valueOf(state.insulation, shown.insulation),
    equipmentLeakageMicroamp: valueOf(state.equipmentLeakage, shown.equipmentLeakage),
    appliedParts: state.appliedParts.map((part) => ({
      name: part.name.trim(),
      type: part.type,
      leakageMicroamp: part.type === 'B' ? null : valueOf(part.leakage, true),
    })),
    visualInspection: state.visualInspection,
    notes: state.notes,
  };
}

/** The verdicts as the values stand: the same evaluation the server stores. */
export function liveEvaluation(state: SafetyFormState): SafetyEvaluation {
  return evaluateSafetyTest(recordOf(state));
}

/** Whether the Repair task will be opened: the person's choice, else on for a failing test. */
export const opensRepairTask = (state: SafetyFormState, evaluation: SafetyEvaluation) =>
  evaluation.result === 'Fail' && (state.repairChoice ?? true);

/**
 * "≤ 0.3 Ω", "≤ 5000 µA" or "≥ 2 MΩ (guidance)". Numbers without grouping commas: "5,000" beside
 * a field that reads a comma as a decimal point would teach the wrong way to type it.
 */
export function limitText(limit: SafetyLimit | null): string {
  if (!limit) return 'No limit applies';
  const bound = limit.max !== undefined ? `≤ ${String(limit.max)}` : `≥ ${String(limit.min ?? 0)}`;
  return `${bound} ${limit.unit}${limit.binding ? '' : ' (guidance)'}`;
}

/** The measurement of an evaluation by key (`protectiveEarth`, `appliedPart:ECG` …). */
export const measurementOf = (evaluation: SafetyEvaluation, key: string): MeasurementEvaluation | undefined =>
  evaluation.measurements.find((item) => item.key === key);

/**
 * The body to send, or the problems to show by field: a typed value that is not a number, then
 * the contracts' own rules (required for the class, bounds, dates).
 */
export function safetyRequest(
  state: SafetyFormState,
): { ok: true; body: RecordSafetyTestRequest } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const shown = measuredFields(state.protectionClass);
  const unreadable = (text: string, path: string, label: string) => {
    if (isAmbiguousComma(text))
      errors[path] =
        `${label} "${text.trim()}": is the comma a thousands separator or a decimal point? Write 1200 or 1.2, without the comma.`;
    else if (Number.isNaN(typedNumber(text))) errors[path] = `${label} must be a number.`;
  };
  if (shown.protectiveEarth)
    unreadable(state.protectiveEarth, 'protectiveEarthOhm', 'Protective earth resistance');
  if (shown.insulation) unreadable(state.insulation, 'insulationMegaohm', 'Insulation resistance');
  if (shown.equipmentLeakage)
    unreadable(state.equipmentLeakage, 'equipmentLeakageMicroamp', 'Equipment leakage');
  state.appliedParts.forEach((part, index) => {
    if (part.type !== 'B')
      unreadable(
        part.leakage,
        `appliedParts.${index}.leakageMicroamp`,
        `${part.name || 'The applied part'}'s leakage`,
      );
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const evaluation = liveEvaluation(state);
  const body: RecordSafetyTestRequest = {
    test: recordOf(state),
    openRepairTask: opensRepairTask(state, evaluation),
  };
  const parsed = parseWith(recordSafetyTestSchema, body);
  if (!parsed.ok) {
    for (const issue of parsed.issues) {
      const path = issue.path.replace(/^test\./, '');
      errors[path] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, body };
}

/** Today on the reader's own calendar (a date input holds the browser's date). */
export function browserToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The request's measurement fields, by the form field each is typed into. */
const FORM_FIELDS: Readonly<Record<string, string>> = {
  protectiveEarthOhm: 'protectiveEarth',
  insulationMegaohm: 'insulation',
  equipmentLeakageMicroamp: 'equipmentLeakage',
  leakageMicroamp: 'leakage',
};

/**
 * The form field a request path is typed into ('appliedParts.1.leakageMicroamp' →
 * ['appliedParts', 1, 'leakage']), so a refusal shows under the field the person typed.
 */
export function formPathOf(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : (FORM_FIELDS[part] ?? part)));
}

/**
 * The form's rules: exactly `safetyRequest`'s (a value that is not a number, then the contract's
 * rules for the class, bounds and dates), each message under its field.
 */
export const safetyFormSchema = z.custom<SafetyFormState>().superRefine((state, context) => {
  const request = safetyRequest(state);
  if (request.ok) return;
  for (const [path, message] of Object.entries(request.errors))
    context.addIssue({ code: 'custom', path: formPathOf(path), message });
});
