import { departmentLabel, EQUIPMENT_CATEGORIES } from '@caliber/contracts';
import { SelectField, TextField } from '@caliber/ui-kit';
import { useProductName } from '@caliber/web';
import { useMemo } from 'react';
import { useStaffChoices } from '../hooks/use-staff-choices';
import {
  REPORT_DEPARTMENT_CHOICES,
  USUAL_REPORT_DEPARTMENT_COUNT,
  withChoice,
  type ReportFormState,
} from '../utils/report-form';
import { CheckboxGroup } from './CheckboxGroup';

const CATEGORY_CHOICES = EQUIPMENT_CATEGORIES.map((category) => ({ value: category, label: category }));

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
  const departmentChoices = useMemo(
    () => REPORT_DEPARTMENT_CHOICES.map((name) => ({ value: name, label: departmentLabel(name, product) })),
    [product],
  );
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
      <CheckboxGroup
        legend="Departments"
        name="departments"
        choices={departmentChoices}
        chosen={form.departments}
        scrolls
        dividerAfter={USUAL_REPORT_DEPARTMENT_COUNT}
        dividerLabel="Other departments"
        hint={
          form.departments.length === 0
            ? 'None ticked: every department.'
            : `${form.departments.length} ticked.`
        }
        onChange={(name, checked) =>
          update({ departments: withChoice(form.departments, name, checked, REPORT_DEPARTMENT_CHOICES) })
        }
      />
      <CheckboxGroup
        legend="Equipment categories"
        name="categories"
        choices={CATEGORY_CHOICES}
        chosen={form.categories}
        hint="None ticked: every category."
        onChange={(category, checked) =>
          update({ categories: withChoice(form.categories, category, checked, EQUIPMENT_CATEGORIES) })
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
