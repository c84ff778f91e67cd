import { Toggle } from '@caliber/ui-kit';
import type { ReportFormState } from '../utils/report-form';

/** The form's on/off options, each a switch with what it does under its name. */
type ReportSwitch = 'charts' | 'summary' | 'interactiveExport' | 'trendPrediction' | 'heatMaps';

export interface ReportToggleChoice {
  key: ReportSwitch;
  label: string;
  description: string;
}

/** A list of the report form's switches, in the order given. */
export function ReportToggles({
  choices,
  form,
  update,
}: {
  choices: readonly ReportToggleChoice[];
  form: ReportFormState;
  update(changes: Partial<ReportFormState>): void;
}) {
  return (
    <>
      {choices.map((choice) => (
        <Toggle
          key={choice.key}
          label={choice.label}
          description={choice.description}
          checked={form[choice.key]}
          onChange={(on) => update({ [choice.key]: on })}
        />
      ))}
    </>
  );
}
