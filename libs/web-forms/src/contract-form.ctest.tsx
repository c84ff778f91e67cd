import type { ApiErrorBody } from '@caliber/contracts';
import { ErrorBox } from '@caliber/ui-kit';
import { api, configureApi } from '@caliber/web';
import { api as apiAt, API_BASE, apiServer } from '@caliber/web-testing/api-server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { FORM_ISSUE, useContractForm } from './contract-form';
import { FormSelectField, FormTextField } from './form-fields';

interface Device {
  name: string;
  serial: string;
  risk: string;
}

const deviceSchema = z
  .object({ name: z.string(), serial: z.string(), risk: z.string() })
  .superRefine((device, context) => {
    if (!device.name.trim()) context.addIssue({ code: 'custom', path: ['name'], message: 'Required.' });
    if (!device.serial.trim()) context.addIssue({ code: 'custom', path: ['serial'], message: 'Required.' });
    if (!device.name.trim() || !device.serial.trim())
      context.addIssue({ code: 'custom', path: [FORM_ISSUE], message: 'Please fill name and serial.' });
  });

function DeviceForm({ onSaved }: { onSaved(device: Device): void }) {
  const form = useContractForm<Device>({
    schema: deviceSchema,
    defaultValues: { name: '', serial: '', risk: 'Low' },
  });
  const submit = form.submitWith(async (device) => {
    onSaved(await api.post<Device>('/devices', device));
  }, 'Failed to add the device.');
  return (
    <form onSubmit={submit} noValidate aria-label="Add device">
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      <FormSelectField<Device, string>
        form={form}
        name="risk"
        label="Risk"
        options={[
          { value: 'Low', label: 'Low' },
          { value: 'High', label: 'High' },
        ]}
      />
      <FormTextField form={form} name="name" label="Name" hint="As on the label" />
      <FormTextField form={form} name="serial" label="Serial" />
      <button type="submit">Add</button>
    </form>
  );
}

beforeEach(() => configureApi({ baseUrl: API_BASE }));

describe('useContractForm', () => {
  it('refuses an empty submit: each field says why, the form says what to do, focus is on the first field to fix', async () => {
    const user = userEvent.setup();
    const saved = jest.fn();
    render(<DeviceForm onSaved={saved} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const name = screen.getByLabelText('Name');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill name and serial.');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // The hint and the message are both read with the field.
    expect(name).toHaveAccessibleDescription('As on the label Required.');
    expect(screen.getByLabelText('Serial')).toHaveAccessibleDescription('Required.');
    expect(screen.getByLabelText('Risk')).not.toHaveAttribute('aria-invalid');
    expect(saved).not.toHaveBeenCalled();

    // Fixed as it is typed: the message goes away with the problem.
    await user.type(name, 'Infusion pump');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Serial')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a server refusal: its field details under their fields (the first focused), its message above', async () => {
    const refusal: ApiErrorBody = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the highlighted fields.',
      details: [
        { path: 'serial', message: 'This serial number is already on the inventory.' },
        { path: 'owner', message: 'Not a field of this form.' },
      ],
    };
    const sent: unknown[] = [];
    apiServer.use(
      http.post(apiAt('/devices'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(refusal, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    const saved = jest.fn();
    render(<DeviceForm onSaved={saved} />);
    await user.selectOptions(screen.getByLabelText('Risk'), 'High');
    await user.type(screen.getByLabelText('Name'), 'Infusion pump');
    await user.type(screen.getByLabelText('Serial'), 'SN-1');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    const serial = screen.getByLabelText('Serial');
    expect(serial).toHaveFocus();
    expect(serial).toHaveAccessibleDescription('This serial number is already on the inventory.');
    expect(screen.queryByText('Not a field of this form.')).not.toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Infusion pump', serial: 'SN-1', risk: 'High' }]);
    expect(saved).not.toHaveBeenCalled();
  });

  it("a server fault shows the fallback with the request's reference", async () => {
    apiServer.use(
      http.post(apiAt('/devices'), () =>
        HttpResponse.text('Bad gateway', { status: 502, headers: { 'x-request-id': 'req-42' } }),
      ),
    );
    const user = userEvent.setup();
    render(<DeviceForm onSaved={jest.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Infusion pump');
    await user.type(screen.getByLabelText('Serial'), 'SN-1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add the device. Reference: req-42');
  });
});
