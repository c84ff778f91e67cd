import {
  APPLIED_PART_METHODS,
  APPLIED_PART_TYPES,
  LEAKAGE_METHODS,
  PROTECTION_CLASSES,
  type AppliedPartMethod,
  type AppliedPartType,
  type DeviceSafetyTests,
  type LeakageMethod,
  type MeasurementEvaluation,
  type ProtectionClass,
  type RecordSafetyTestRequest,
  type RecordSafetyTestResponse,
  type VisualInspectionResult,
} from '@caliber/contracts';
import {
  Badge,
  Button,
  ErrorBox,
  formatDate,
  LoadingState,
  PageHeader,
  TextAreaField,
  Toggle,
} from '@caliber/ui-kit';
import { api, errorMessage, Link, equipmentKeys, useCurrentUser, useNavigate, useParams } from '@caliber/web';
import { FormSelectField, FormTextField, useContractForm, type ContractForm } from '@caliber/web-forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useDeviceSafetyTests } from '../hooks/equipment-queries';
import { useEquipmentDetail } from '../hooks/use-equipment-detail';
import {
  browserToday,
  initialSafetyForm,
  limitText,
  liveEvaluation,
  measuredFields,
  measurementOf,
  opensRepairTask,
  safetyFormSchema,
  safetyRequest,
  type SafetyFormState,
} from '../utils/safety-form';
import '../equipment.css';
import '../safety.css';

const CLASS_OPTIONS = PROTECTION_CLASSES.map((value) => ({
  value,
  label: value === 'Internally powered' ? 'Internally powered' : `Class ${value}`,
}));
const METHOD_LABELS = { alternative: 'Alternative', direct: 'Direct', differential: 'Differential' } as const;
const LEAKAGE_OPTIONS = LEAKAGE_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }));
const APPLIED_METHOD_OPTIONS = APPLIED_PART_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }));
const TYPE_OPTIONS = APPLIED_PART_TYPES.map((value) => ({ value, label: `Type ${value}` }));
const VISUAL_OPTIONS = [
  { value: 'Pass' as const, label: 'Pass: no damage, cord, plug and labels sound' },
  { value: 'Fail' as const, label: 'Fail: damage or a defect found' },
];

const VERDICT_TONES = {
  Pass: 'green',
  Fail: 'red',
  'Below guidance': 'yellow',
  'Not applicable': 'grey',
} as const;

/**
 * A measurement's limit and its verdict as the value stands. Not a live region: a screen reader
 * would speak every field's verdict on each keystroke; the form's one polite region is the
 * overall result below.
 */
function Verdict({ measurement }: { measurement: MeasurementEvaluation | undefined }) {
  if (!measurement) return null;
  return (
    <span className="safety-verdict">
      <span className="safety-verdict__limit">Limit {limitText(measurement.limit)}</span>
      {measurement.value === null ? (
        <Badge tone="grey">Not entered</Badge>
      ) : (
        <Badge tone={VERDICT_TONES[measurement.verdict]}>{measurement.verdict}</Badge>
      )}
    </span>
  );
}

/**
 * /equipment/:id/safety-tests/new (Engineers and Admins): an electrical-safety test of one device,
 * typed at the device from the analyser's screen, on a phone as well as a desk. Each measurement
 * shows the IEC 62353 limit that applies to the device's class, method and applied part, and its
 * Pass or Fail as the value is typed; the result shows before saving. A failing test offers a
 * Repair task (on unless turned off). The server computes the result again and keeps its own.
 */
export function SafetyTestRecordPage() {
  const { id = '' } = useParams();
  const device = useEquipmentDetail(id);
  const tests = useDeviceSafetyTests(id);
  const testsError = tests.isError
    ? errorMessage(tests.error, 'Failed to load the previous safety tests')
    : null;
  const back = `/equipment/${encodeURIComponent(id)}`;

  return (
    <div className="page safety-record-page">
      <PageHeader
        title="Record safety test"
        description={device.item ? `${device.item.name} · ${device.item.serialNumber}` : null}
        actions={<Link to={back}>Back to the device</Link>}
      />
      {device.loading || tests.isPending ? <LoadingState text="Loading the device…" /> : null}
      {device.notFound ? <ErrorBox>This device is not in the inventory.</ErrorBox> : null}
      {(device.error ?? testsError) ? <ErrorBox>{device.error ?? testsError}</ErrorBox> : null}
      {device.item && tests.data ? (
        <SafetyTestForm equipmentId={id} previous={tests.data.tests[0] ?? null} back={back} />
      ) : null}
    </div>
  );
}

/** Records a test; the device's tests are read again (its safety section, the next test due). */
function useRecordSafetyTest(equipmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordSafetyTestRequest) =>
      api.post<RecordSafetyTestResponse>(`/equipment/${encodeURIComponent(equipmentId)}/safety-tests`, body),
    // A failed test may also open a Repair task and take the device out of use: all of the
    // device is read again, its safety section and the next test due with it.
    onSuccess: () => void client.invalidateQueries({ queryKey: equipmentKeys.detail(equipmentId) }),
  });
}

type SafetyForm = ContractForm<SafetyFormState>;
type MeasurementName = 'protectiveEarth' | 'insulation' | 'equipmentLeakage';

/** A measurement typed from the analyser, with its limit and verdict beside it. */
function MeasurementField({
  form,
  name,
  label,
  measurement,
}: {
  form: SafetyForm;
  name: MeasurementName | `appliedParts.${number}.leakage`;
  label: string;
  measurement: MeasurementEvaluation | undefined;
}) {
  return (
    <div className="safety-measure">
      <FormTextField form={form} name={name} label={label} inputMode="decimal" autoComplete="off" />
      <Verdict measurement={measurement} />
    </div>
  );
}

function SafetyTestForm({
  equipmentId,
  previous,
  back,
}: {
  equipmentId: string;
  previous: DeviceSafetyTests['tests'][number] | null;
  back: string;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const form = useContractForm<SafetyFormState>({
    schema: safetyFormSchema,
    defaultValues: initialSafetyForm(browserToday(), user.name, previous),
  });
  const parts = useFieldArray({ control: form.control, name: 'appliedParts' });
  const recording = useRecordSafetyTest(equipmentId);
  const values = form.watch();
  const evaluation = liveEvaluation(values);
  const shown = measuredFields(values.protectionClass);
  const saving = form.formState.isSubmitting;
  const notesError = form.getFieldState('notes', form.formState).error?.message;

  const submit = form.submitWith(async (state) => {
    const request = safetyRequest(state);
    if (!request.ok) return;
    await recording.mutateAsync(request.body);
    navigate(back);
  }, 'Failed to save the safety test.');

  return (
    <form className="safety-form" onSubmit={submit} noValidate>
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      <section className="ck-card safety-form__section" aria-labelledby="safety-test-title">
        <h2 className="ck-card__title" id="safety-test-title">
          The test
        </h2>
        <div className="safety-form__grid">
          <FormTextField form={form} name="testedOn" label="Test date" type="date" />
          <FormTextField form={form} name="testerName" label="Tester" />
          <FormTextField
            form={form}
            name="instrument"
            label="Instrument"
            hint="The analyser and its serial number"
          />
          <FormTextField
            form={form}
            name="instrumentCalibratedOn"
            label="Instrument calibrated on"
            type="date"
          />
        </div>
      </section>

      <section className="ck-card safety-form__section" aria-labelledby="safety-device-title">
        <h2 className="ck-card__title" id="safety-device-title">
          How the device is protected
        </h2>
        {previous ? (
          <p className="muted">Filled in from the test of {formatDate(previous.testedOn)}.</p>
        ) : null}
        <div className="safety-form__grid">
          <FormSelectField<SafetyFormState, ProtectionClass>
            form={form}
            name="protectionClass"
            label="Protection class"
            options={CLASS_OPTIONS}
          />
          {shown.equipmentLeakage ? (
            <FormSelectField<SafetyFormState, LeakageMethod>
              form={form}
              name="leakageMethod"
              label="Leakage method"
              options={LEAKAGE_OPTIONS}
            />
          ) : null}
          <FormSelectField<SafetyFormState, AppliedPartMethod>
            form={form}
            name="appliedPartMethod"
            label="Applied part method"
            options={APPLIED_METHOD_OPTIONS}
          />
        </div>
      </section>

      <section className="ck-card safety-form__section" aria-labelledby="safety-measure-title">
        <h2 className="ck-card__title" id="safety-measure-title">
          Measurements
        </h2>
        {shown.protectiveEarth ? (
          <>
            <MeasurementField
              form={form}
              name="protectiveEarth"
              label="Protective earth resistance (Ω)"
              measurement={measurementOf(evaluation, 'protectiveEarth')}
            />
            <label className="safety-check">
              <input type="checkbox" {...form.register('peWithCord')} /> Measured from the mains plug, with
              the power cord
            </label>
          </>
        ) : (
          <p className="muted">
            Protective earth: not measured, a{' '}
            {values.protectionClass === 'II' ? 'Class II' : 'internally powered'} device has none.
          </p>
        )}
        {shown.insulation ? (
          <MeasurementField
            form={form}
            name="insulation"
            label="Insulation resistance (MΩ)"
            measurement={measurementOf(evaluation, 'insulation')}
          />
        ) : null}
        {shown.equipmentLeakage ? (
          <MeasurementField
            form={form}
            name="equipmentLeakage"
            label="Equipment leakage (µA)"
            measurement={measurementOf(evaluation, 'equipmentLeakage')}
          />
        ) : (
          <p className="muted">Equipment leakage: not measured on an internally powered device.</p>
        )}
      </section>

      <section className="ck-card safety-form__section" aria-labelledby="safety-parts-title">
        <h2 className="ck-card__title" id="safety-parts-title">
          Applied parts
        </h2>
        {parts.fields.length === 0 ? (
          <p className="muted">No applied part: add one for each part that touches the patient.</p>
        ) : null}
        {parts.fields.map((field, index) => {
          const part = values.appliedParts[index] ?? field;
          return (
            <fieldset key={field.id} className="safety-part">
              <legend className="visually-hidden">Applied part {index + 1}</legend>
              <div className="safety-part__fields">
                <FormTextField form={form} name={`appliedParts.${index}.name`} label="Name" />
                <FormSelectField<SafetyFormState, AppliedPartType>
                  form={form}
                  name={`appliedParts.${index}.type`}
                  label="Type"
                  options={TYPE_OPTIONS}
                />
                {part.type === 'B' ? (
                  <p className="muted safety-part__none">
                    Type B: no applied-part leakage limit; the equipment leakage covers it.
                  </p>
                ) : (
                  <MeasurementField
                    form={form}
                    name={`appliedParts.${index}.leakage`}
                    label="Leakage (µA)"
                    measurement={measurementOf(evaluation, `appliedPart:${part.name.trim()}`)}
                  />
                )}
              </div>
              <Button variant="link" onClick={() => parts.remove(index)}>
                Remove {part.name || 'this applied part'}
              </Button>
            </fieldset>
          );
        })}
        <Button variant="secondary" onClick={() => parts.append({ name: '', type: 'BF', leakage: '' })}>
          Add applied part
        </Button>
      </section>

      <section className="ck-card safety-form__section" aria-labelledby="safety-result-title">
        <h2 className="ck-card__title" id="safety-result-title">
          Inspection and result
        </h2>
        <FormSelectField<SafetyFormState, VisualInspectionResult>
          form={form}
          name="visualInspection"
          label="Visual inspection"
          options={VISUAL_OPTIONS}
        />
        <TextAreaField label="Notes" rows={3} {...form.register('notes')} error={notesError} />
        <div className={`safety-result safety-result--${evaluation.result.toLowerCase()}`} role="status">
          <span className="safety-result__label">Result</span>
          <Badge tone={evaluation.result === 'Pass' ? 'green' : 'red'}>{evaluation.result}</Badge>
          <span>
            {evaluation.result === 'Fail'
              ? `Failed: ${evaluation.failed.join('; ')}.`
              : 'Every value entered is within its IEC 62353 limit.'}
          </span>
        </div>
        {evaluation.result === 'Fail' ? (
          <Toggle
            label="Open a Repair task"
            description="A High-priority Repair task for this device, naming what failed. It takes the device out of use until the repair is certified."
            checked={opensRepairTask(values, evaluation)}
            onChange={(checked) => form.setValue('repairChoice', checked)}
          />
        ) : null}
      </section>

      <div className="safety-form__actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save safety test'}
        </Button>
        <Link to={back}>Cancel</Link>
      </div>
    </form>
  );
}
