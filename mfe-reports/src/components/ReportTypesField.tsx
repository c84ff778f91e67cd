import { REPORT_TITLES, REPORT_TYPES, type ReportType } from '@caliber/contracts';
import { withChoice } from '../utils/report-form';
import { CheckboxGroup } from './CheckboxGroup';

const TYPE_CHOICES = REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TITLES[type] }));

/** The eight report types; the file has a section for each one ticked, in this order. */
export function ReportTypesField({
  chosen,
  onChange,
  invalid,
}: {
  chosen: readonly ReportType[];
  onChange(reports: ReportType[]): void;
  invalid: boolean;
}) {
  return (
    <CheckboxGroup
      legend="Report types"
      name="reports"
      choices={TYPE_CHOICES}
      chosen={chosen}
      invalid={invalid}
      hint="Each one ticked is a section of the file, with its summary and the filters applied."
      onChange={(type, checked) => onChange(withChoice(chosen, type, checked, REPORT_TYPES))}
    />
  );
}
