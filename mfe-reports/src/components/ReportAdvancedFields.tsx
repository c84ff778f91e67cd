import type { ContractForm } from '@caliber/web-forms';
import type { ReportFormState } from '../utils/report-form';
import { ReportToggles, type ReportToggleChoice } from './ReportToggles';

const ADVANCED: readonly ReportToggleChoice[] = [
  {
    key: 'interactiveExport',
    label: 'Interactive export',
    description: 'In Excel, each table as an Excel table with filters.',
  },
  {
    key: 'trendPrediction',
    label: 'Trend prediction',
    description: 'A forecast of the next periods from the trend so far, labelled as a forecast.',
  },
  { key: 'heatMaps', label: 'Heat maps', description: 'Department by month tables shaded by value.' },
];

/** The advanced options, all off unless turned on. */
export function ReportAdvancedFields({ form }: { form: ContractForm<ReportFormState> }) {
  return (
    <fieldset className="reports-dialog__section">
      <legend className="reports-dialog__heading">Advanced options</legend>
      <ReportToggles choices={ADVANCED} form={form} />
    </fieldset>
  );
}
