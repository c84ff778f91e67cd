import { departmentLabel } from '@caliber/contracts';
import { ErrorBox, SelectField, TextField } from '@caliber/ui-kit';
import { useHospitalLists, useProductName } from '@caliber/web';
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

const labelled = (choices: readonly ListChoice[], label: (name: string) => string = (name) => name) =>
  choices.map(({ name, retired }) => ({
    value: name,
    label: retired ? `${label(name)} (retired)` : label(name),
  }));

/**
 * What the reports cover: the period (both dates included), the departments and equipment
 * categories (none ticked means all), and one member of staff for the staff figures, or everyone.
 */
export function ReportFilterFields({
  form,
  update,
  datesInvalid,
}: {
  form: ReportFormState;
  update(changes: Partial<ReportFormState>): void;
  datesInvalid: boolean;
}) {
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
          name="dateFrom"
          type="date"
          required
          value={form.dateFrom}
          invalid={datesInvalid}
          onChange={(event) => update({ dateFrom: event.target.value })}
        />
        <TextField
          label="End date"
          name="dateTo"
          type="date"
          required
          value={form.dateTo}
          invalid={datesInvalid}
          onChange={(event) => update({ dateTo: event.target.value })}
        />
      </div>
      {listsError && !lists ? <ErrorBox>{listsError}</ErrorBox> : null}
      <CheckboxGroup
        legend="Departments"
        name="departments"
        choices={labelled(departments.choices, (name) => departmentLabel(name, product))}
        chosen={form.departments}
        scrolls
        dividerAfter={departments.usual}
        dividerLabel="Other departments"
        hint={
          form.departments.length === 0
            ? 'None ticked: every department.'
            : `${form.departments.length} ticked.`
        }
        onChange={(name, checked) =>
          update({ departments: withChoice(form.departments, name, checked, departmentOrder) })
        }
      />
      <CheckboxGroup
        legend="Equipment categories"
        name="categories"
        choices={labelled(categories)}
        chosen={form.categories}
        hint="None ticked: every category."
        onChange={(category, checked) =>
          update({ categories: withChoice(form.categories, category, checked, categoryOrder) })
        }
      />
      <SelectField
        label="Staff"
        name="staff"
        value={form.staff}
        options={staffChoices}
        hint={staff.error ?? 'For the staff figures: one technician, or everyone.'}
        onChange={(id) => update({ staff: id })}
      />
    </fieldset>
  );
}
