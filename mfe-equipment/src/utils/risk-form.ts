import {
  RISK_FACTORS,
  RISK_SCALES,
  riskAssessmentSchema,
  type RiskAssessmentDto,
  type RiskFactor,
  type RiskScores,
} from '@caliber/contracts';
import { z } from 'zod';

/** The form's choices: a score per factor, or '' while none is chosen. */
export type RiskDraft = Record<RiskFactor, number | ''>;

export const EMPTY_RISK_DRAFT: RiskDraft = {
  function: '',
  physicalRisk: '',
  maintenance: '',
  incidentHistory: '',
};

/** The saved scores to start from, or nothing chosen for an item not assessed yet. */
export function draftOf(risk: RiskAssessmentDto | null): RiskDraft {
  if (!risk) return EMPTY_RISK_DRAFT;
  return {
    function: risk.function,
    physicalRisk: risk.physicalRisk,
    maintenance: risk.maintenance,
    incidentHistory: risk.incidentHistory,
  };
}

/** The four scores once every factor has one; null while any is missing. */
export function scoresOf(draft: RiskDraft): RiskScores | null {
  const { function: fn, physicalRisk, maintenance, incidentHistory } = draft;
  if (fn === '' || physicalRisk === '' || maintenance === '' || incidentHistory === '') return null;
  return { function: fn, physicalRisk, maintenance, incidentHistory };
}

/** What a score means on its factor's published scale ('' for a score off the scale). */
export function scoreLabel(factor: RiskFactor, score: number): string {
  const steps: readonly { score: number; label: string }[] = RISK_SCALES[factor];
  return steps.find((step) => step.score === score)?.label ?? '';
}

/** A score as the details show it: the number and its published wording. */
export function scoreText(factor: RiskFactor, score: number): string {
  const label = scoreLabel(factor, score);
  return label ? `${score} – ${label}` : String(score);
}

/** Every factor's select options, highest score first as published. */
export function scoreOptions(factor: RiskFactor): { value: number | ''; label: string }[] {
  return [
    { value: '', label: 'Choose a score' },
    ...RISK_SCALES[factor].map((step) => ({ value: step.score, label: scoreText(factor, step.score) })),
  ];
}

/**
 * The risk form's rules: a score for every factor ('Choose a score.' under one left empty; the
 * form offers Save only once all four are chosen), then the contract's own schema, each message
 * under its factor.
 */
export function riskDraftSchema() {
  return z.custom<RiskDraft>().superRefine((draft, context) => {
    const scores = scoresOf(draft);
    if (!scores) {
      for (const factor of RISK_FACTORS)
        if (draft[factor] === '')
          context.addIssue({ code: 'custom', path: [factor], message: 'Choose a score.' });
      return;
    }
    const checked = riskAssessmentSchema.safeParse(scores);
    if (checked.success) return;
    for (const { path, message } of checked.error.issues)
      context.addIssue({ code: 'custom', path: path.length > 0 ? [String(path[0])] : ['root'], message });
  });
}
