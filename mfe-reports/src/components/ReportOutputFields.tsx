import type { ReportFormat } from '@caliber/contracts';
import { FormSelectField, type ContractForm } from '@caliber/web-forms';
import { FORMAT_CHOICES } from '../utils/report-labels';
import type { ReportFormState } from '../utils/report-form';
import { ReportToggles, type ReportToggleChoice } from './ReportToggles';

const VISUALS: readonly ReportToggleChoice[] = [
  { key: 'charts', label: 'Include charts', description: 'Bar, line and pie charts beside the tables.' },
  {
    key: 'summary',
    label: 'Include summary',
    description: 'A paragraph of the key figures at the top of each report.',
  },
];

/** The file's format and what it shows: charts and the automatic summary of each report. */
export function ReportOutputFields({ form }: { form: ContractForm<ReportFormState> }) {
  return (
    <fieldset className="reports-dialog__section">
      <legend className="reports-dialog__heading">Output options</legend>
      <FormSelectField<ReportFormState, ReportFormat>
        form={form}
        name="format"
        label="Format"
        options={FORMAT_CHOICES}
      />
      <ReportToggles choices={VISUALS} form={form} />
    </fieldset>
  );
}
