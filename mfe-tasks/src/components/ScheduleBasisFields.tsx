import { SCHEDULE_BASES, type ScheduleBasis } from '@caliber/contracts';
import type { ContractForm } from '@caliber/web-forms';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { ALTERNATIVE_SCHEDULE, type BasisDraft } from '../utils/schedule-form';
import { BoundSelect, BoundTextArea } from './FormBindings';

/**
 * Why this schedule: the manufacturer's recommendation, or an alternative maintenance schedule,
 * which then needs its justification (an accreditation survey asks for it).
 */
export function ScheduleBasisFields<T extends FieldValues & BasisDraft>({ form }: { form: ContractForm<T> }) {
  const alternative = form.watch('scheduleBasis' as FieldPath<T>) === ALTERNATIVE_SCHEDULE;
  return (
    <>
      <BoundSelect<T, ScheduleBasis>
        form={form}
        name={'scheduleBasis' as FieldPath<T>}
        label="Schedule Basis"
        required
        options={SCHEDULE_BASES.map((basis) => ({ value: basis, label: basis }))}
      />
      {alternative ? (
        <BoundTextArea
          form={form}
          name={'justification' as FieldPath<T>}
          label="Justification"
          required
          rows={3}
          maxLength={2000}
          hint="Why this device may be maintained other than as its manufacturer recommends."
        />
      ) : null}
    </>
  );
}
