import {
  APPLIED_PART_METHODS,
  APPLIED_PART_TYPES,
  LEAKAGE_METHODS,
  PROTECTION_CLASSES,
  type DeviceSafetyTests,
  type MeasurementEvaluation,
  type RecordSafetyTestResponse,
} from '@caliber/contracts';
import {
  Badge,
  Button,
  ErrorBox,
  formatDate,
  LoadingState,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  Toggle,
} from '@caliber/ui-kit';
import { api, errorMessage, Link, useApiData, useCurrentUser, useNavigate, useParams } from '@caliber/web';
import { useRef, useState } from 'react';
import { useEquipmentDetail } from '../hooks/use-equipment-detail';
import {
  browserToday,
  initialSafetyForm,
  limitText,
  liveEvaluation,
  measuredFields,
  measurementOf,
  opensRepairTask,
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
  const tests = useApiData<DeviceSafetyTests>(
    `/equipment/${encodeURIComponent(id)}/safety-tests`,
    'Failed to load the previous safety tests',
  );
  const back = `/equipment/${encodeURIComponent(id)}`;
  const ready = device.item && tests.data;

  return (
    <div className="page safety-record-page">
      <PageHeader
        title="Record safety test"
        description={device.item ? `${device.item.name} · ${device.item.serialNumber}` : null}
        actions={<Link to={back}>Back to the device</Link>}
      />
      {device.loading || tests.loading ? <LoadingState text="Loading the device…" /> : null}
      {device.notFound ? <ErrorBox>This device is not in the inventory.</ErrorBox> : null}
      {(device.error ?? tests.error) ? <ErrorBox>{device.error ?? tests.error}</ErrorBox> : null}
      {ready && tests.data ? (
        <SafetyTestForm equipmentId={id} previous={tests.data.tests[0] ?? null} back={back} />
      ) : null}
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
  const form = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<SafetyFormState>(() =>
    initialSafetyForm(browserToday(), user.name, previous),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nextKey = useRef(state.appliedParts.length + 1);

  const evaluation = liveEvaluation(state);
  const shown = measuredFields(state.protectionClass);
  const set = (changes: Partial<SafetyFormState>) => setState((current) => ({ ...current, ...changes }));
  const setPart = (index: number, changes: Partial<SafetyFormState['appliedParts'][number]>) =>
    setState((current) => ({
      ...current,
      appliedParts: current.appliedParts.map((part, at) => (at === index ? { ...part, ...changes } : part)),
    }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const request = safetyRequest(state);
    if (!request.ok) {
      setErrors(request.errors);
      const first = Object.keys(request.errors)[0];
      if (first)
        form.current
          ?.querySelector<HTMLElement>(`[data-path="${first}"] input, [data-path="${first}"] select`)
          ?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await api.post<RecordSafetyTestResponse>(
        `/equipment/${encodeURIComponent(equipmentId)}/safety-tests`,
        request.body,
      );
      navigate(back);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save the safety test.'));
      setSaving(false);
    }
  }

  const measurementField = (
    path: 'protectiveEarthOhm' | 'insulationMegaohm' | 'equipmentLeakageMicroamp',
    key: string,
    label: string,
    unit: string,
    value: string,
    onChange: (text: string) => void,
  ) => (
    <div className="safety-measure" data-path={path}>
      <TextField
        label={`${label} (${unit})`}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={errors[path]}
      />
      <Verdict measurement={measurementOf(evaluation, key)} />
    </div>
  );

  return (
    <form ref={form} className="safety-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <ErrorBox>{failure}</ErrorBox> : null}
      <section className="ck-card safety-form__section" aria-labelledby="safety-test-title">
        <h2 className="ck-card__title" id="safety-test-title">
          The test
        </h2>
        <div className="safety-form__grid">
          <div data-path="testedOn">
            <TextField
              label="Test date"
              type="date"
              value={state.testedOn}
              onChange={(e) => set({ testedOn: e.target.value })}
              error={errors['testedOn']}
            />
          </div>
          <div data-path="testerName">
            <TextField
              label="Tester"
              value={state.testerName}
              onChange={(e) => set({ testerName: e.target.value })}
              error={errors['testerName']}
            />
          </div>
          <div data-path="instrument">
            <TextField
              label="Instrument"
              hint="The analyser and its serial number"
              value={state.instrument}
              onChange={(e) => set({ instrument: e.target.value })}
              error={errors['instrument']}
            />
          </div>
          <div data-path="instrumentCalibratedOn">
            <TextField
              label="Instrument calibrated on"
              type="date"
              value={state.instrumentCalibratedOn}
              onChange={(e) => set({ instrumentCalibratedOn: e.target.value })}
              error={errors['instrumentCalibratedOn']}
            />
          </div>
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
          <SelectField
            label="Protection class"
            value={state.protectionClass}
            options={CLASS_OPTIONS}
            onChange={(value) => set({ protectionClass: value })}
          />
          {shown.equipmentLeakage ? (
            <SelectField
              label="Leakage method"
              value={state.leakageMethod}
              options={LEAKAGE_OPTIONS}
              onChange={(value) => set({ leakageMethod: value })}
            />
          ) : null}
          <SelectField
            label="Applied part method"
            value={state.appliedPartMethod}
            options={APPLIED_METHOD_OPTIONS}
            onChange={(value) => set({ appliedPartMethod: value })}
          />
        </div>
      </section>

      <section className="ck-card safety-form__section" aria-labelledby="safety-measure-title">
        <h2 className="ck-card__title" id="safety-measure-title">
          Measurements
        </h2>
        {shown.protectiveEarth ? (
          <>
            {measurementField(
              'protectiveEarthOhm',
              'protectiveEarth',
              'Protective earth resistance',
              'Ω',
              state.protectiveEarth,
              (text) => set({ protectiveEarth: text }),
            )}
            <label className="safety-check">
              <input
                type="checkbox"
                checked={state.peWithCord}
                onChange={(e) => set({ peWithCord: e.target.checked })}
              />{' '}
              Measured from the mains plug, with the power cord
            </label>
          </>
        ) : (
          <p className="muted">
            Protective earth: not measured, a{' '}
            {state.protectionClass === 'II' ? 'Class II' : 'internally powered'} device has none.
          </p>
        )}
        {shown.insulation
          ? measurementField(
              'insulationMegaohm',
              'insulation',
              'Insulation resistance',
              'MΩ',
              state.insulation,
              (text) => set({ insulation: text }),
            )
          : null}
        {shown.equipmentLeakage ? (
          measurementField(
            'equipmentLeakageMicroamp',
            'equipmentLeakage',
            'Equipment leakage',
            'µA',
            state.equipmentLeakage,
            (text) => set({ equipmentLeakage: text }),
          )
        ) : (
          <p className="muted">Equipment leakage: not measured on an internally powered device.</p>
        )}
      </section>

      <section className="ck-card safety-form__section" aria-labelledby="safety-parts-title">
        <h2 className="ck-card__title" id="safety-parts-title">
          Applied parts
        </h2>
        {state.appliedParts.length === 0 ? (
          <p className="muted">No applied part: add one for each part that touches the patient.</p>
        ) : null}
        {state.appliedParts.map((part, index) => (
          <fieldset key={part.key} className="safety-part">
            <legend className="visually-hidden">Applied part {index + 1}</legend>
            <div className="safety-part__fields">
              <div data-path={`appliedParts.${index}.name`}>
                <TextField
                  label="Name"
                  value={part.name}
                  onChange={(e) => setPart(index, { name: e.target.value })}
                  error={errors[`appliedParts.${index}.name`]}
                />
              </div>
              <SelectField
                label="Type"
                value={part.type}
                options={TYPE_OPTIONS}
                onChange={(value) => setPart(index, { type: value })}
              />
              {part.type === 'B' ? (
                <p className="muted safety-part__none">
                  Type B: no applied-part leakage limit; the equipment leakage covers it.
                </p>
              ) : (
                <div className="safety-measure" data-path={`appliedParts.${index}.leakageMicroamp`}>
                  <TextField
                    label="Leakage (µA)"
                    inputMode="decimal"
                    autoComplete="off"
                    value={part.leakage}
                    onChange={(e) => setPart(index, { leakage: e.target.value })}
                    error={errors[`appliedParts.${index}.leakageMicroamp`]}
                  />
                  <Verdict measurement={measurementOf(evaluation, `appliedPart:${part.name.trim()}`)} />
                </div>
              )}
            </div>
            <Button
              variant="link"
              onClick={() => set({ appliedParts: state.appliedParts.filter((_, at) => at !== index) })}
            >
              Remove {part.name || 'this applied part'}
            </Button>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          onClick={() => {
            nextKey.current += 1;
            set({
              appliedParts: [
                ...state.appliedParts,
                { key: nextKey.current, name: '', type: 'BF', leakage: '' },
              ],
            });
          }}
        >
          Add applied part
        </Button>
      </section>

      <section className="ck-card safety-form__section" aria-labelledby="safety-result-title">
        <h2 className="ck-card__title" id="safety-result-title">
          Inspection and result
        </h2>
        <SelectField
          label="Visual inspection"
          value={state.visualInspection}
          options={VISUAL_OPTIONS}
          onChange={(value) => set({ visualInspection: value })}
        />
        <TextAreaField
          label="Notes"
          rows={3}
          value={state.notes}
          onChange={(e) => set({ notes: e.target.value })}
          error={errors['notes']}
        />
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
            checked={opensRepairTask(state, evaluation)}
            onChange={(checked) => set({ repairChoice: checked })}
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
