import {
  assessRisk,
  hasFullAccess,
  RISK_FACTOR_LABELS,
  RISK_FACTORS,
  RISK_TOTAL_RANGE,
  type EquipmentDto,
  type RiskOutcome,
} from '@caliber/contracts';
import { Button, ErrorBox, FactList, formatDateTime, Notice, SelectField } from '@caliber/ui-kit';
import { api, errorMessage, useCurrentUser } from '@caliber/web';
import { useState, type FormEvent } from 'react';
import { draftOf, scoreOptions, scoresOf, scoreText, type RiskDraft } from '../utils/risk-form';
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
export function RiskAssessmentSection({
  item,
  onSaved,
}: {
  item: EquipmentDto;
  onSaved(item: EquipmentDto): void;
}) {
  const user = useCurrentUser();
  const canEdit = hasFullAccess(user.role);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<RiskDraft>(() => draftOf(item.risk));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const risk = item.risk;
  const scores = scoresOf(draft);

  function startEditing() {
    setDraft(draftOf(item.risk));
    setError(null);
    setSaved(false);
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!scores) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.put<EquipmentDto>(`/equipment/${item._id}/risk`, {
        ...scores,
        version: item.version,
      });
      setEditing(false);
      setSaved(true);
      onSaved(answer);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to save the risk assessment'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="risk-section" aria-labelledby="risk-heading">
      <h3 className="ck-subheading" id="risk-heading">
        Risk assessment
      </h3>
      {saved ? <Notice>Risk assessment saved.</Notice> : null}
      {risk ? (
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
      ) : (
        <p className="muted">Not assessed yet.</p>
      )}

      {!canEdit ? (
        <p className="muted">Only Engineers and Admins may assess the risk of equipment.</p>
      ) : editing ? (
        <form className="risk-form" aria-label="Risk assessment form" onSubmit={(event) => void save(event)}>
          <div className="form-grid">
            {RISK_FACTORS.map((factor) => (
              <SelectField<number | ''>
                key={factor}
                label={RISK_FACTOR_LABELS[factor]}
                value={draft[factor]}
                options={scoreOptions(factor)}
                onChange={(value) => setDraft({ ...draft, [factor]: value })}
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
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <div className="form-actions">
            <Button type="submit" busy={busy} busyLabel="Saving..." disabled={!scores}>
              Save Assessment
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <Button variant="secondary" onClick={startEditing}>
            {risk ? 'Edit Assessment' : 'Assess Risk'}
          </Button>
        </div>
      )}
    </section>
  );
}
