import { REPORT_TITLES, REPORT_TYPES, type ReportType } from '@caliber/contracts';
import type { ContractForm } from '@caliber/web-forms';
import { useController } from 'react-hook-form';
import { withChoice, type ReportFormState } from '../utils/report-form';
import { CheckboxGroup } from './CheckboxGroup';

const TYPE_CHOICES = REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TITLES[type] }));

/**
 * The eight report types; the file has a section for each one ticked, in this order. Refused with
 * none ticked: the first box then takes the focus.
 */
export function ReportTypesField({ form }: { form: ContractForm<ReportFormState> }) {
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ control: form.control, name: 'reports' });
  return (
    <CheckboxGroup<ReportType>
      legend="Report types"
      name="reports"
      choices={TYPE_CHOICES}
      chosen={value}
      invalid={Boolean(fieldState.error)}
      firstRef={ref}
      hint="Each one ticked is a section of the file, with its summary and the filters applied."
      onChange={(type, checked) => onChange(withChoice(value, type, checked, REPORT_TYPES))}
    />
  );
}
