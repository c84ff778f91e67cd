import { departmentLabel } from '@caliber/contracts';
import { ErrorBox, TextField } from '@caliber/ui-kit';
import { useHospitalLists, useProductName } from '@caliber/web';
import { FormSelectField, type ContractForm } from '@caliber/web-forms';
import { useMemo } from 'react';
import { useStaffChoices } from '../hooks/use-staff-choices';
import {
  reportCategoryChoices,
  reportDepartmentChoices,
  withChoice,
  type ListChoice,
  type ReportFormState,
} from '../utils/report-form';
import { CheckboxGroup } from './CheckboxGroup';
import { setReportField } from './ReportToggles';

const labelled = (choices: readonly ListChoice[], label: (name: string) => string = (name) => name) =>
  choices.map(({ name, retired }) => ({
    value: name,
    label: retired ? `${label(name)} (retired)` : label(name),
  }));

/**
 * What the reports cover: the period (both dates included), the departments and equipment
 * categories (none ticked means all), and one member of staff for the staff figures, or everyone.
 */
export function ReportFilterFields({ form }: { form: ContractForm<ReportFormState> }) {
  const [chosenDepartments, chosenCategories] = form.watch(['departments', 'categories']);
  // The dates are refused together (the start after the end): both are marked, the start focused.
  const datesInvalid = Boolean(form.getFieldState('dateFrom', form.formState).error);
  const product = useProductName();
  const staff = useStaffChoices();
  const { lists, error: listsError } = useHospitalLists();
  const departments = useMemo(() => reportDepartmentChoices(lists?.departments ?? []), [lists]);
  const categories = useMemo(() => reportCategoryChoices(lists?.categories ?? []), [lists]);
  const departmentOrder = useMemo(() => departments.choices.map(({ name }) => name), [departments]);
  const categoryOrder = useMemo(() => categories.map(({ name }) => name), [categories]);
  const staffChoices = useMemo(
    () => [
      { value: '', label: 'Everyone' },
      ...staff.people.map((person) => ({ value: person._id, label: person.name })),
    ],
    [staff.people],
  );

  return (
    <fieldset className="reports-dialog__section">
      <legend className="reports-dialog__heading">Filters</legend>
      <div className="reports-dialog__pair">
        <TextField
          label="Start date"
          type="date"
          required
          invalid={datesInvalid}
          {...form.register('dateFrom')}
        />
        <TextField
          label="End date"
          type="date"
          required
          invalid={datesInvalid}
          {...form.register('dateTo')}
        />
      </div>
      {listsError && !lists ? <ErrorBox>{listsError}</ErrorBox> : null}
      <CheckboxGroup
        legend="Departments"
        name="departments"
        choices={labelled(departments.choices, (name) => departmentLabel(name, product))}
        chosen={chosenDepartments}
        scrolls
        dividerAfter={departments.usual}
        dividerLabel="Other departments"
        hint={
          chosenDepartments.length === 0
            ? 'None ticked: every department.'
            : `${chosenDepartments.length} ticked.`
        }
        onChange={(name, checked) =>
          setReportField(form, 'departments', withChoice(chosenDepartments, name, checked, departmentOrder))
        }
      />
      <CheckboxGroup
        legend="Equipment categories"
        name="categories"
        choices={labelled(categories)}
        chosen={chosenCategories}
        hint="None ticked: every category."
        onChange={(category, checked) =>
          setReportField(form, 'categories', withChoice(chosenCategories, category, checked, categoryOrder))
        }
      />
      <FormSelectField<ReportFormState, string>
        form={form}
        name="staff"
        label="Staff"
        options={staffChoices}
        hint={staff.error ?? 'For the staff figures: one technician, or everyone.'}
      />
    </fieldset>
  );
}
