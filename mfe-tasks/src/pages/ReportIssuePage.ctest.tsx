import type {
  ApiErrorBody,
  EquipmentDetail,
  ReportIssueRequest,
  TaskCreatedResponse,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { device, DEVICE_ID, equipmentPage } from '../utils/equipment.fixture';
import { task } from '../utils/task.fixture';
import { viewer } from '../utils/viewer.fixture';
import { ReportIssuePage } from './ReportIssuePage';

const technician = viewer('Technician');

function answerEquipment() {
  apiServer.use(http.get(api('/equipment'), () => HttpResponse.json(equipmentPage([device()]))));
}

async function pickEquipment(user: ReturnType<typeof userEvent.setup>) {
  const combobox = screen.getByRole('combobox', { name: /Equipment/ });
  await user.type(combobox, 'evita');
  await screen.findByRole('option', { name: /Evita V500 \(EV-1\)/ });
  await user.keyboard('{ArrowDown}{Enter}');
}

// Each test types a whole form key by key (and waits out the search's pause): on a busy machine
// that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

describe('Report Equipment Issue', () => {
  it('requires equipment, title and description: each says so under its field, the equipment focused', async () => {
    answerEquipment();
    const user = userEvent.setup();
    await renderScreen(<ReportIssuePage />, { user: technician, path: '/report-issue' });
    await user.click(screen.getByRole('button', { name: 'Report Issue' }));
    const equipment = screen.getByRole('combobox', { name: /Equipment/ });
    await waitFor(() => expect(equipment).toHaveFocus());
    expect(equipment).toHaveAccessibleDescription('Equipment is required.');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Location')).not.toHaveAttribute('aria-invalid');
    // No line above the form: the fields say what is missing.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reported By')).toHaveValue('Kofi Darko');
  });

  it("reports the fault with the device's location, says so and goes to the faults you reported", async () => {
    answerEquipment();
    const sent: ReportIssueRequest[] = [];
    apiServer.use(
      http.post(api('/maintenance/report'), async ({ request }) => {
        sent.push((await request.json()) as ReportIssueRequest);
        const created: TaskCreatedResponse = { task: task() };
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<ReportIssuePage />, { user: technician, path: '/report-issue' });
    await pickEquipment(user);
    // Where the device stands is where the fault was seen, unless the reporter says otherwise.
    expect(screen.getByLabelText('Location')).toHaveValue('ICU Bed 3');
    await user.type(screen.getByLabelText('Title'), 'Alarm fails');
    await user.type(screen.getByLabelText('Description'), 'No sound during the self-test.');
    await user.selectOptions(screen.getByLabelText('Severity'), 'Critical');
    await user.click(screen.getByRole('button', { name: 'Report Issue' }));

    expect(await screen.findByText('Issue reported successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/tasks?show=reported'),
    );
    expect(sent).toEqual([
      {
        equipment: DEVICE_ID,
        title: 'Alarm fails',
        description: 'No sound during the self-test.',
        severity: 'Critical',
        location: 'ICU Bed 3',
        reportedBy: 'Kofi Darko',
      },
    ]);
  });

  it('starts with the device the address names, asked for by its id', async () => {
    const detail: EquipmentDetail = {
      ...device({ name: 'Bed-side monitor' }),
      statusHistory: [],
      statusHistoryTotal: 0,
    };
    apiServer.use(http.get(api(`/equipment/${DEVICE_ID}`), () => HttpResponse.json(detail)));
    await renderScreen(<ReportIssuePage />, {
      user: technician,
      path: `/report-issue?equipment=${DEVICE_ID}`,
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Equipment/ })).toHaveValue('Bed-side monitor (EV-1)'),
    );
    expect(screen.getByLabelText('Location')).toHaveValue('ICU Bed 3');
    expect(screen.getByRole('link', { name: 'Back to the device' })).toBeInTheDocument();
  });

  it('a refusal of the server shows its message above the form', async () => {
    answerEquipment();
    apiServer.use(
      http.post(api('/maintenance/report'), () =>
        HttpResponse.json(
          {
            statusCode: 404,
            code: 'NOT_FOUND',
            message: 'That device is no longer on the inventory.',
          } satisfies ApiErrorBody,
          { status: 404 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ReportIssuePage />, { user: technician, path: '/report-issue' });
    await pickEquipment(user);
    await user.type(screen.getByLabelText('Title'), 'Alarm fails');
    await user.type(screen.getByLabelText('Description'), 'No sound during the self-test.');
    await user.click(screen.getByRole('button', { name: 'Report Issue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That device is no longer on the inventory.');
    expect(window.location.pathname).toBe('/report-issue');
  });
});
