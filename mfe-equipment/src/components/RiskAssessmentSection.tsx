import {
  assessRisk,
  hasFullAccess,
  RISK_FACTOR_LABELS,
  RISK_FACTORS,
  RISK_TOTAL_RANGE,
  type EquipmentDto,
  type RiskOutcome,
} from '@caliber/contracts';
import { Button, ErrorBox, FactList, formatDateTime, useToast } from '@caliber/ui-kit';
import { useCurrentUser } from '@caliber/web';
import { FormSelectField, useContractForm } from '@caliber/web-forms';
import { useState } from 'react';
import { useAssessRisk } from '../hooks/equipment-queries';
import {
  draftOf,
  riskDraftSchema,
  scoreOptions,
  scoresOf,
  scoreText,
  type RiskDraft,
} from '../utils/risk-form';
import { RISK_CLASS_TONES, RiskBadge } from './RiskBadges';

/** The EM number, class and flags, as saved or as previewed while editing. */
function RiskOutcomeFacts({ outcome }: { outcome: RiskOutcome }) {
  return (
    <div className="risk-outcome">
      <span className="risk-outcome__total">
        <span className="muted">EM number</span> <strong data-testid="risk-total">{outcome.total}</strong>
        <span className="muted"> / {RISK_TOTAL_RANGE.max}</span>
      </span>
      <RiskBadge tone={RISK_CLASS_TONES[outcome.riskClass]}>{`Risk: ${outcome.riskClass}`}</RiskBadge>
      {outcome.lifeSupport ? <RiskBadge tone="purple">Life support</RiskBadge> : null}
      {outcome.highRisk ? <RiskBadge tone="red">High risk</RiskBadge> : null}
      <span className="muted">
        {outcome.inPmProgram ? 'In the PM program' : 'Below the PM program threshold'}
      </span>
    </div>
  );
}

/**
 * An item's Fennigkoh–Smith risk assessment in its details: the four scores with their published
 * wording, the EM number, the class and the flags. Engineers and Admins edit it (the equipment
 * service refuses everyone else); while they choose, the outcome is previewed with the same
 * arithmetic the service uses, and what the service saves is what the section shows after.
 * The preview uses the published threshold of 12; a deployment with another threshold shows its
 * own class once saved.
 */
export function RiskAssessmentSection({ item }: { item: EquipmentDto }) {
  const user = useCurrentUser();
  const canEdit = hasFullAccess(user.role);
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  return (
    <section className="risk-section" aria-labelledby="risk-heading">
      <h3 className="ck-subheading" id="risk-heading">
        Risk assessment
      </h3>
      <RiskFacts risk={item.risk} />
      {!canEdit ? (
        <p className="muted">Only Engineers and Admins may assess the risk of equipment.</p>
      ) : editing ? (
        <RiskForm
          item={item}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toast.success('Risk assessment saved.');
          }}
        />
      ) : (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {item.risk ? 'Edit Assessment' : 'Assess Risk'}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The saved assessment: outcome, the four scores in their published wording, who assessed and when. */
function RiskFacts({ risk }: { risk: EquipmentDto['risk'] }) {
  if (!risk) return <p className="muted">Not assessed yet.</p>;
  return (
    <>
      <RiskOutcomeFacts outcome={risk} />
      <FactList
        className="risk-scores"
        facts={RISK_FACTORS.map(
          (factor) => [RISK_FACTOR_LABELS[factor], scoreText(factor, risk[factor])] as const,
        )}
      />
      <p className="muted risk-section__by">
        Assessed {formatDateTime(risk.assessedAt)}
        {risk.assessedBy ? ` by ${risk.assessedBy.name}` : ''}
      </p>
    </>
  );
}

/**
 * The four scores, starting from the saved ones; Save is offered once every factor has a score,
 * and sends them with the version shown (a stale view is refused, and the refusal shown here).
 */
function RiskForm({ item, onCancel, onSaved }: { item: EquipmentDto; onCancel(): void; onSaved(): void }) {
  const assessing = useAssessRisk(item._id);
  const form = useContractForm<RiskDraft>({ schema: riskDraftSchema(), defaultValues: draftOf(item.risk) });
  const scores = scoresOf(form.watch());
  const busy = form.formState.isSubmitting;
  const submit = form.submitWith(async (draft) => {
    const chosen = scoresOf(draft);
    if (!chosen) return;
    await assessing.mutateAsync({ ...chosen, version: item.version });
    onSaved();
  }, 'Failed to save the risk assessment');

  return (
    <form className="risk-form" aria-label="Risk assessment form" onSubmit={submit} noValidate>
      <div className="form-grid">
        {RISK_FACTORS.map((factor) => (
          <FormSelectField<RiskDraft, number | ''>
            key={factor}
            form={form}
            name={factor}
            label={RISK_FACTOR_LABELS[factor]}
            options={scoreOptions(factor)}
          />
        ))}
      </div>
      <div className="risk-preview" aria-live="polite">
        {scores ? (
          <RiskOutcomeFacts outcome={assessRisk(scores)} />
        ) : (
          <p className="muted">Choose a score for each factor to see the EM number.</p>
        )}
      </div>
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      <div className="form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving..." disabled={!scores}>
          Save Assessment
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
