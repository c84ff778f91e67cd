import type { ReportScheduleFrequency } from '@caliber/contracts';
import { SelectField, TextField, Toggle } from '@caliber/ui-kit';
import type { ReportFormState } from '../utils/report-form';
import { FREQUENCY_CHOICES, FREQUENCY_PERIODS } from '../utils/report-labels';

/**
 * How the report reaches the person: downloaded now, e-mailed, and repeated on a schedule. At
 * least one of Download Now, an e-mail or the schedule is needed.
 */
export function ReportDeliveryFields({
  form,
  update,
  invalid,
}: {
  form: ReportFormState;
  update(changes: Partial<ReportFormState>): void;
  invalid: boolean;
}) {
  return (
    <fieldset className="reports-dialog__section">
      <legend className="reports-dialog__heading">Schedule and delivery</legend>
      <Toggle
        label="Schedule"
        description="Make this report again and again, each time for the period just ended."
        checked={form.scheduleEnabled}
        onChange={(scheduleEnabled) => update({ scheduleEnabled })}
      />
      <SelectField<ReportScheduleFrequency>
        label="Frequency"
        name="frequency"
        value={form.frequency}
        options={FREQUENCY_CHOICES}
        disabled={!form.scheduleEnabled}
        hint={`Each run covers ${FREQUENCY_PERIODS[form.frequency]}.`}
        onChange={(frequency) => update({ frequency })}
      />
      <Toggle
        label="Download Now"
        description="Save the file on this device as soon as it is ready."
        checked={form.downloadNow}
        onChange={(downloadNow) => update({ downloadNow })}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="name@hospital.org"
        maxLength={254}
        value={form.email}
        invalid={invalid}
        hint="Optional: the file is also sent to this address, each scheduled run too."
        onChange={(event) => update({ email: event.target.value })}
      />
    </fieldset>
  );
}
