import type { AssigneeListResponse, CreatePmPlanRequest } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { device, DEVICE_ID, equipmentPage } from '../utils/equipment.fixture';
import { viewer } from '../utils/viewer.fixture';
import { SchedulePreventivePage } from './SchedulePreventivePage';

const engineer = viewer('Engineer');
const people: AssigneeListResponse = { technicians: [] };

function answerLists() {
  apiServer.use(
    http.get(api('/users/preapproved/technicians'), () => HttpResponse.json(people)),
    http.get(api('/equipment'), () => HttpResponse.json(equipmentPage([device()]))),
  );
}

// Each test types a whole form key by key (and waits out the search's pause): on a busy machine
// that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

describe('Schedule Preventive Maintenance', () => {
  it('says under each required field what is missing and focuses the equipment; an alternative schedule needs its justification', async () => {
    answerLists();
    const user = userEvent.setup();
    await renderScreen(<SchedulePreventivePage />, { user: engineer, path: '/schedule-preventive' });
    await user.click(screen.getByRole('button', { name: 'Schedule Maintenance' }));
    const equipment = screen.getByRole('combobox', { name: /Equipment/ });
    await waitFor(() => expect(equipment).toHaveFocus());
    for (const message of [
      'Equipment is required.',
      'Title is required.',
      'Description is required.',
      'The scheduled date is required.',
      'Frequency is required.',
      'PM type is required.',
    ])
      expect(screen.getByText(message, { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Schedule Basis'), 'Alternative maintenance schedule');
    await user.click(screen.getByRole('button', { name: 'Schedule Maintenance' }));
    expect(
      await screen.findByText('An alternative maintenance schedule needs its justification.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Justification')).toHaveAttribute('aria-invalid', 'true');
  });

  it('schedules the plan, says so and goes to Maintenance', async () => {
    answerLists();
    const sent: CreatePmPlanRequest[] = [];
    apiServer.use(
      http.post(api('/maintenance/schedule'), async ({ request }) => {
        sent.push((await request.json()) as CreatePmPlanRequest);
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<SchedulePreventivePage />, { user: engineer, path: '/schedule-preventive' });
    await user.type(screen.getByRole('combobox', { name: /Equipment/ }), 'evita');
    await screen.findByRole('option', { name: /Evita V500/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(screen.getByLabelText('Title'), 'Semi-annual ventilator PM');
    await user.type(screen.getByLabelText('Description'), 'Replace the filters.');
    await user.type(screen.getByLabelText('Scheduled Date'), '2031-05-01');
    await user.selectOptions(screen.getByLabelText('Frequency'), 'Semi-Annually');
    await user.type(screen.getByLabelText('Duration (hours)'), '2');
    await user.selectOptions(screen.getByLabelText('PM Type'), 'Filter Replacement');
    await user.click(screen.getByRole('button', { name: 'Schedule Maintenance' }));

    expect(await screen.findByText('Preventive maintenance scheduled successfully!')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/maintenance'));
    expect(sent).toEqual([
      expect.objectContaining({
        equipmentId: DEVICE_ID,
        title: 'Semi-annual ventilator PM',
        interval: 'Biannually',
        estimatedHours: 2,
        pmType: 'Filter Replacement',
        firstDueDate: '2031-05-01',
      }),
    ]);
  });
});
