import { activeChoices, type OnCallShift } from '@caliber/contracts';
import {
  Button,
  Card,
  EmptyState,
  ErrorBox,
  FactList,
  LoadStates,
  PageHeader,
  SelectField,
  useToast,
} from '@caliber/ui-kit';
import { errorMessage, Link, useAddressFilters, useHospitalLists } from '@caliber/web';
import { FormSelectField, FormTextField, useContractForm } from '@caliber/web-forms';
import { useAddShift, useDepartmentCover, useEngineers, useRemoveShift } from '../hooks/on-call-queries';
import { EMPTY_SHIFT_FORM, isoOf, shiftFormSchema, type ShiftForm } from '../utils/on-call-form';
import '../users.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Kwame Boateng, 29 Nov 2026, 18:00 – 30 Nov 2026, 08:00" (this device's time). */
export function shiftLine(shift: OnCallShift): string {
  return `${shift.engineerName}, ${when.format(new Date(shift.from))} – ${when.format(new Date(shift.to))}`;
}

/**
 * /users/on-call (Admins): who covers a department for urgent pages. An urgent fault pages whoever
 * is on call for the device's department now; with nobody on call, its covering engineers; with
 * none, its own Engineers, then every Engineer. The Admin chooses a department (kept in the
 * address), sees its covering engineers, who is on call now and next and the shifts ahead, and adds
 * or removes shifts. Times are this device's.
 */
export function OnCallRotaPage() {
  const { params, update } = useAddressFilters<'department'>();
  const department = params.get('department') ?? '';
  const { lists } = useHospitalLists();
  const departments = activeChoices(lists?.departments ?? [], department || null);
  const cover = useDepartmentCover(department, 1);
  const error = cover.isError ? errorMessage(cover.error, 'Failed to load the rota.') : null;

  return (
    <div className="page users-page on-call-page">
      <PageHeader
        title="On-call rota"
        description="Who is paged for an urgent fault in each department: whoever is on call, else its covering engineers, else its Engineers, else every Engineer."
        actions={<Link to="/users">Back to User Management</Link>}
      />
      <div className="on-call-department">
        <SelectField<string>
          label="Department"
          value={department}
          onChange={(chosen) => update({ department: chosen })}
          options={[
            { value: '', label: 'Choose a department' },
            ...departments.map((name) => ({ value: name, label: name })),
          ]}
        />
      </div>
      {department === '' ? (
        <Card>
          <EmptyState title="Choose a department" text="Its cover and on-call rota are shown here." />
        </Card>
      ) : (
        <LoadStates
          data={cover.data}
          error={error}
          onRetry={() => void cover.refetch()}
          loadingText="Loading the rota…"
        >
          {(data) => (
            <>
              <Card title={`Who covers ${data.department}`}>
                <FactList
                  stacked
                  facts={[
                    [
                      'On call now',
                      data.onCallNow.length ? data.onCallNow.map(shiftLine).join('; ') : 'Nobody',
                    ],
                    ['Next', data.next ? shiftLine(data.next) : 'No shift ahead'],
                    [
                      'Covering engineers',
                      data.covering.length ? data.covering.map((c) => c.engineerName).join(', ') : 'None',
                    ],
                  ]}
                />
                <p className="on-call-note">Times are this device’s.</p>
              </Card>
              <ShiftList shifts={data.shifts} total={data.total} />
              <AddShiftForm department={data.department} />
            </>
          )}
        </LoadStates>
      )}
    </div>
  );
}

function ShiftList({ shifts, total }: { shifts: readonly OnCallShift[]; total: number }) {
  const remove = useRemoveShift();
  const toast = useToast();
  return (
    <Card title={`Shifts ahead (${total})`}>
      {remove.isError ? (
        <ErrorBox>{errorMessage(remove.error, 'Failed to remove the shift.')}</ErrorBox>
      ) : null}
      {shifts.length === 0 ? (
        <EmptyState title="No shifts ahead." text="Add one below." />
      ) : (
        <ul className="on-call-shifts">
          {shifts.map((shift) => (
            <li key={shift.id}>
              <span>{shiftLine(shift)}</span>
              <Button
                variant="secondary"
                aria-label={`Remove ${shiftLine(shift)}`}
                busy={remove.isPending && remove.variables === shift.id}
                busyLabel="Removing..."
                onClick={() => remove.mutate(shift.id, { onSuccess: () => toast.success('Shift removed.') })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function AddShiftForm({ department }: { department: string }) {
  const engineers = useEngineers();
  const add = useAddShift();
  const toast = useToast();
  const form = useContractForm<ShiftForm>({ schema: shiftFormSchema, defaultValues: EMPTY_SHIFT_FORM });
  const choices = (engineers.data?.users ?? []).map((person) => ({ value: person._id, label: person.name }));
  const submit = form.submitWith(async (values) => {
    await add.mutateAsync({
      department,
      engineerId: values.engineerId,
      from: isoOf(values.from),
      to: isoOf(values.to),
    });
    form.reset(EMPTY_SHIFT_FORM);
    toast.success('Shift added.');
  }, 'Failed to add the shift.');
  return (
    <Card title="Add a shift">
      <form className="on-call-form" onSubmit={(event) => void submit(event)} noValidate>
        {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
        <FormSelectField<ShiftForm, string>
          form={form}
          name="engineerId"
          label="Engineer"
          options={[{ value: '', label: 'Choose an engineer' }, ...choices]}
        />
        <FormTextField form={form} name="from" label="From" type="datetime-local" />
        <FormTextField form={form} name="to" label="To" type="datetime-local" />
        <div className="on-call-form__actions">
          <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Adding...">
            Add shift
          </Button>
        </div>
      </form>
    </Card>
  );
}
