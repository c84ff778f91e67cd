import { SCHEDULE_BASES, type ScheduleBasis } from '@caliber/contracts';
import { SelectField, TextAreaField } from '@caliber/ui-kit';
import { ALTERNATIVE_SCHEDULE, type BasisDraft } from '../utils/schedule-form';

/**
 * Why this schedule: the manufacturer's recommendation, or an alternative maintenance schedule,
 * which then needs its justification (an accreditation survey asks for it).
 */
export function ScheduleBasisFields({
  value,
  onChange,
  issues,
  quiet,
}: {
  value: BasisDraft;
  onChange(value: BasisDraft): void;
  issues: ReadonlyMap<string, string>;
  /** Mark the justification invalid without its message (the form's top message says it). */
  quiet?: boolean;
}) {
  const alternative = value.scheduleBasis === ALTERNATIVE_SCHEDULE;
  return (
    <>
      <SelectField<ScheduleBasis>
        label="Schedule Basis"
        name="scheduleBasis"
        required
        value={value.scheduleBasis}
        error={issues.get('scheduleBasis')}
        onChange={(scheduleBasis) => onChange({ ...value, scheduleBasis })}
        options={SCHEDULE_BASES.map((basis) => ({ value: basis, label: basis }))}
      />
      {alternative ? (
        <TextAreaField
          label="Justification"
          name="justification"
          required
          rows={3}
          maxLength={2000}
          hint="Why this device may be maintained other than as its manufacturer recommends."
          value={value.justification}
          invalid={issues.has('justification')}
          error={quiet ? null : issues.get('justification')}
          onChange={(event) => onChange({ ...value, justification: event.target.value })}
        />
      ) : null}
    </>
  );
}
