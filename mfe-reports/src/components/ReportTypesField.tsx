import { readsCosts, REPORT_TITLES, REPORT_TYPES, type ReportType } from '@caliber/contracts';
import type { ContractForm } from '@caliber/web-forms';
import { useController } from 'react-hook-form';
import { withChoice, type ReportFormState } from '../utils/report-form';
import { CheckboxGroup } from './CheckboxGroup';

/** The types a person may choose: the cost of service is for those who read costs. */
function typesFor(role: string | undefined): readonly ReportType[] {
  return REPORT_TYPES.filter((type) => type !== 'costOfService' || readsCosts(role));
}

/**
 * The report types; the file has a section for each one ticked, in this order. Refused with none
 * ticked: the first box then takes the focus.
 */
export function ReportTypesField({ form, role }: { form: ContractForm<ReportFormState>; role?: string }) {
  const types = typesFor(role);
  const choices = types.map((type) => ({ value: type, label: REPORT_TITLES[type] }));
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ control: form.control, name: 'reports' });
  return (
    <CheckboxGroup<ReportType>
      legend="Report types"
      name="reports"
      choices={choices}
      chosen={value}
      invalid={Boolean(fieldState.error)}
      firstRef={ref}
      hint="Each one ticked is a section of the file, with its summary and the filters applied."
      onChange={(type, checked) => onChange(withChoice(value, type, checked, types))}
    />
  );
}
