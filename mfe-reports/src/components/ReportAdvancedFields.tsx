import { Toggle } from '@caliber/ui-kit';
import type { ReportFormState } from '../utils/report-form';

/** The advanced options, all off unless turned on. */
export function ReportAdvancedFields({
  form,
  update,
}: {
  form: ReportFormState;
  update(changes: Partial<ReportFormState>): void;
}) {
  return (
    <fieldset className="reports-dialog__section">
      <legend className="reports-dialog__heading">Advanced options</legend>
      <Toggle
        label="Interactive export"
        description="In Excel, each table as an Excel table with filters."
        checked={form.interactiveExport}
        onChange={(interactiveExport) => update({ interactiveExport })}
      />
      <Toggle
        label="Trend prediction"
        description="A forecast of the next periods from the trend so far, labelled as a forecast."
        checked={form.trendPrediction}
        onChange={(trendPrediction) => update({ trendPrediction })}
      />
      <Toggle
        label="Heat maps"
        description="Department by month tables shaded by value."
        checked={form.heatMaps}
        onChange={(heatMaps) => update({ heatMaps })}
      />
    </fieldset>
  );
}
