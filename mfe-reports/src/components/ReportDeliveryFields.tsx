import type { ReportScheduleFrequency } from '@caliber/contracts';
import { TextField, Toggle } from '@caliber/ui-kit';
import { FormSelectField, type ContractForm } from '@caliber/web-forms';
import type { ReportFormState } from '../utils/report-form';
import { FREQUENCY_CHOICES, FREQUENCY_PERIODS } from '../utils/report-labels';
import { setReportField } from './ReportToggles';

/**
 * How the report reaches the person: downloaded now, e-mailed, and repeated on a schedule. At
 * least one of Download Now, an e-mail or the schedule is needed: refused without, the e-mail is
 * marked and focused (its sentence is the dialog's message, not repeated under the field).
 */
export function ReportDeliveryFields({ form }: { form: ContractForm<ReportFormState> }) {
  const [scheduleEnabled, frequency, downloadNow] = form.watch([
    'scheduleEnabled',
    'frequency',
    'downloadNow',
  ]);
  const { error } = form.getFieldState('email', form.formState);
  return (
    <fieldset className="reports-dialog__section">
      <legend className="reports-dialog__heading">Schedule and delivery</legend>
      <Toggle
        label="Schedule"
        description="Make this report again and again, each time for the period just ended."
        checked={scheduleEnabled}
        onChange={(on) => setReportField(form, 'scheduleEnabled', on)}
      />
      <FormSelectField<ReportFormState, ReportScheduleFrequency>
        form={form}
        name="frequency"
        label="Frequency"
        options={FREQUENCY_CHOICES}
        disabled={!scheduleEnabled}
        hint={`Each run covers ${FREQUENCY_PERIODS[frequency]}.`}
      />
      <Toggle
        label="Download Now"
        description="Save the file on this device as soon as it is ready."
        checked={downloadNow}
        onChange={(on) => setReportField(form, 'downloadNow', on)}
      />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="name@hospital.org"
        maxLength={254}
        invalid={Boolean(error)}
        hint="Optional: the file is also sent to this address, each scheduled run too."
        {...form.register('email')}
      />
    </fieldset>
  );
}
