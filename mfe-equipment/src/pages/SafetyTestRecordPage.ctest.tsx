import type {
  ApiErrorBody,
  DeviceSafetyTests,
  EquipmentDetail,
  RecordSafetyTestRequest,
} from '@caliber/contracts';
import { Route, Routes } from '@caliber/web';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { deviceDetailFixture } from '@caliber/web-testing/equipment';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { SafetyTestRecordPage } from './SafetyTestRecordPage';

/** The device as `GET /equipment/{id}` answers it. */
const device: EquipmentDetail = deviceDetailFixture({
  _id: 'eq-7',
  name: 'Patient monitor 7',
  manufacturer: 'Mindray',
  model: 'BeneVision N12',
  serialNumber: 'MR-0007',
  location: 'ICU Bed 7',
  category: 'Patient Monitor',
});

const noTests: DeviceSafetyTests = { tests: [], total: 0, due: null };

function answerDevice() {
  apiServer.use(
    http.get(api('/equipment/eq-7'), () => HttpResponse.json(device)),
    http.get(api('/equipment/eq-7/safety-tests'), () => HttpResponse.json(noTests)),
  );
}

async function openForm() {
  await renderScreen(
    <Routes>
      <Route path="/equipment/:id/safety-tests/new" element={<SafetyTestRecordPage />} />
      <Route path="/equipment/:id" element={<p>The device page</p>} />
    </Routes>,
    { user: engineer, path: '/equipment/eq-7/safety-tests/new' },
  );
  return screen.findByRole('button', { name: 'Save safety test' });
}

describe('Record safety test', () => {
  it('shows each limit beside its measurement and the verdict as values are typed', async () => {
    answerDevice();
    const user = userEvent.setup();
    await openForm();
    expect(screen.getByText('Patient monitor 7 · MR-0007')).toBeInTheDocument();
    const earth = screen.getByLabelText('Protective earth resistance (Ω)');
    const earthRow = earth.closest('.safety-measure') as HTMLElement;
    expect(within(earthRow).getByText('Limit ≤ 0.3 Ω')).toBeInTheDocument();
    expect(within(earthRow).getByText('Not entered')).toBeInTheDocument();
    await user.type(earth, '0,45');
    expect(within(earthRow).getByText('Fail')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^ResultFailFailed: /);
    expect(screen.getByRole('switch', { name: /Open a Repair task/ })).toBeChecked();
    await user.clear(earth);
    await user.type(earth, '0.1');
    expect(within(earthRow).getByText('Pass')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Open a Repair task/ })).not.toBeInTheDocument();
  });

  it('refuses a save with a value missing or unreadable: each message under its field, the first focused', async () => {
    answerDevice();
    let sent = 0;
    apiServer.use(
      http.post(api('/equipment/eq-7/safety-tests'), () => {
        sent += 1;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const save = await openForm();
    await user.clear(screen.getByLabelText('Tester'));
    await user.type(screen.getByLabelText('Insulation resistance (MΩ)'), '1,200');
    await user.click(screen.getByRole('button', { name: 'Add applied part' }));
    await user.type(screen.getByLabelText('Leakage (µA)'), 'ten');
    await user.click(save);

    // Values that are not numbers first: the first of them is focused.
    const insulation = screen.getByLabelText('Insulation resistance (MΩ)');
    await waitFor(() => expect(insulation).toHaveFocus());
    expect(insulation).toHaveAccessibleDescription(
      'Insulation resistance "1,200": is the comma a thousands separator or a decimal point? Write 1200 or 1.2, without the comma.',
    );
    expect(screen.getByLabelText('Leakage (µA)')).toHaveAccessibleDescription(
      "The applied part's leakage must be a number.",
    );
    // Then the contract's rules: the tester is required, protective earth for a Class I device.
    await user.clear(insulation);
    await user.type(insulation, '50');
    await user.clear(screen.getByLabelText('Leakage (µA)'));
    await user.type(screen.getByLabelText('Leakage (µA)'), '8');
    await user.click(save);
    const tester = screen.getByLabelText('Tester');
    await waitFor(() => expect(tester).toHaveFocus());
    expect(tester).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Protective earth resistance (Ω)')).toHaveAccessibleDescription(
      'Protective earth resistance is required for a Class I device.',
    );
    expect(insulation).not.toHaveAttribute('aria-invalid');
    expect(sent).toBe(0);
  });

  it('sends the test with its applied parts and returns to the device', async () => {
    answerDevice();
    const sent: RecordSafetyTestRequest[] = [];
    apiServer.use(
      http.post(api('/equipment/eq-7/safety-tests'), async ({ request }) => {
        sent.push((await request.json()) as RecordSafetyTestRequest);
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const save = await openForm();
    await user.type(screen.getByLabelText('Instrument'), 'Rigel 288+ s/n 10422');
    await user.type(screen.getByLabelText('Protective earth resistance (Ω)'), '0.1');
    await user.type(screen.getByLabelText('Insulation resistance (MΩ)'), '50');
    await user.type(screen.getByLabelText('Equipment leakage (µA)'), '120');
    await user.click(screen.getByRole('button', { name: 'Add applied part' }));
    await user.type(screen.getByLabelText('Name'), 'ECG');
    await user.type(screen.getByLabelText('Leakage (µA)'), '8');
    await user.click(save);
    await waitFor(() => expect(window.location.pathname).toBe('/equipment/eq-7'));
    expect(sent).toEqual([
      {
        openRepairTask: false,
        test: expect.objectContaining({
          testerName: 'Esi Mensah',
          instrument: 'Rigel 288+ s/n 10422',
          protectiveEarthOhm: 0.1,
          appliedParts: [{ name: 'ECG', type: 'BF', leakageMicroamp: 8 }],
        }),
      },
    ]);
  });

  it("shows the server's refusal above the form and stays", async () => {
    answerDevice();
    apiServer.use(
      http.post(api('/equipment/eq-7/safety-tests'), () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'A test of this device on this date is already recorded.',
          } satisfies ApiErrorBody,
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    const save = await openForm();
    await user.type(screen.getByLabelText('Instrument'), 'Rigel 288+');
    await user.type(screen.getByLabelText('Protective earth resistance (Ω)'), '0.1');
    await user.type(screen.getByLabelText('Insulation resistance (MΩ)'), '50');
    await user.type(screen.getByLabelText('Equipment leakage (µA)'), '120');
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A test of this device on this date is already recorded.',
    );
    expect(save).toBeEnabled();
    expect(window.location.pathname).toBe('/equipment/eq-7/safety-tests/new');
  });
});
