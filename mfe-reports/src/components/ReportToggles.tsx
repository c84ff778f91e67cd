import { Toggle } from '@caliber/ui-kit';
import type { ContractForm } from '@caliber/web-forms';
import type { ReportFormState } from '../utils/report-form';

/** The form's on/off options, each a switch with what it does under its name. */
export type ReportSwitch = 'charts' | 'summary' | 'interactiveExport' | 'trendPrediction' | 'heatMaps';

export interface ReportToggleChoice {
  key: ReportSwitch;
  label: string;
  description: string;
}

/** A list of the report form's switches, in the order given. */
export function ReportToggles({
  choices,
  form,
}: {
  choices: readonly ReportToggleChoice[];
  form: ContractForm<ReportFormState>;
}) {
  const values = form.watch(choices.map((choice) => choice.key));
  return (
    <>
      {choices.map((choice, index) => (
        <Toggle
          key={choice.key}
          label={choice.label}
          description={choice.description}
          checked={values[index] ?? false}
          onChange={(on) => setReportField(form, choice.key, on)}
        />
      ))}
    </>
  );
}

/**
 * Sets one of the form's values as the person changes it: checked again at once once a Generate
 * was refused, so a mark on a field goes as soon as it is fixed.
 */
export function setReportField<K extends keyof ReportFormState>(
  form: ContractForm<ReportFormState>,
  field: K,
  value: ReportFormState[K],
): void {
  form.setValue(field, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
}
