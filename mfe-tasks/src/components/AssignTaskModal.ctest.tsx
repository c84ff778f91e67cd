import type { AssigneeListResponse, CreateTaskRequest, TaskCreatedResponse } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { device, DEVICE_ID, equipmentPage } from '../utils/equipment.fixture';
import { task } from '../utils/task.fixture';
import { viewer } from '../utils/viewer.fixture';
import { AssignTaskModal } from './AssignTaskModal';

const engineer = viewer('Engineer');
const TECH_ID = '6f1c2a9e-0000-4000-8000-00000000a001';
const people: AssigneeListResponse = {
  technicians: [{ _id: TECH_ID, name: 'Kofi Darko', role: 'Technician', serviceNumber: 'BME-1005' }],
};

function answerLists() {
  apiServer.use(
    http.get(api('/users/preapproved/technicians'), () => HttpResponse.json(people)),
    http.get(api('/equipment'), () => HttpResponse.json(equipmentPage([device()]))),
  );
}

// Each test types a whole form key by key (and waits out the search's pause): on a busy machine
// that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

describe('Assign New Task', () => {
  it('names the missing fields in one line, marks them and focuses the title; then asks for the PM type and interval of preventive work', async () => {
    answerLists();
    const user = userEvent.setup();
    await renderScreen(<AssignTaskModal onClose={jest.fn()} onAssigned={jest.fn()} />, { user: engineer });
    const dialog = screen.getByRole('dialog', { name: 'Assign New Task' });
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('Low');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Task' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please fill in Title, Task Type, Equipment and Due Date',
    );
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(within(dialog).getByRole('combobox', { name: /Equipment/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).getByLabelText('Due Date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Due date is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid input')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'Quarterly PM');
    await user.selectOptions(within(dialog).getByLabelText('Task Type'), 'Preventive');
    expect(
      within(dialog).getByText(/^Preventive work recurs: this schedules a PM plan\./),
    ).toBeInTheDocument();
    const combobox = within(dialog).getByRole('combobox', { name: /Equipment/ });
    await user.type(combobox, 'evita');
    await within(dialog).findByRole('option', { name: /Evita V500/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(within(dialog).getByLabelText('Due Date'), '2031-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Task' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'For Preventive tasks, select PM Type and Periodic Interval.',
      ),
    );
    expect(within(dialog).getByLabelText('PM Type')).toHaveFocus();
    expect(within(dialog).getByLabelText('Periodic Interval')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the contract’s create body and hands the created task on', async () => {
    answerLists();
    const sent: CreateTaskRequest[] = [];
    const created = task({ _id: 'new-1', title: 'Fix the alarm' });
    apiServer.use(
      http.post(api('/tasks'), async ({ request }) => {
        sent.push((await request.json()) as CreateTaskRequest);
        return HttpResponse.json({ task: created } satisfies TaskCreatedResponse, { status: 201 });
      }),
    );
    const onAssigned = jest.fn();
    const user = userEvent.setup();
    await renderScreen(<AssignTaskModal onClose={jest.fn()} onAssigned={onAssigned} />, { user: engineer });
    const dialog = screen.getByRole('dialog', { name: 'Assign New Task' });
    await user.type(within(dialog).getByLabelText('Title'), 'Fix the alarm');
    await user.selectOptions(within(dialog).getByLabelText('Task Type'), 'Repair');
    await user.type(within(dialog).getByRole('combobox', { name: /Equipment/ }), 'evita');
    await within(dialog).findByRole('option', { name: /Evita V500/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await within(dialog).findByRole('option', { name: 'Kofi Darko (Technician)' });
    await user.selectOptions(within(dialog).getByLabelText('Assign To'), TECH_ID);
    await user.type(within(dialog).getByLabelText('Due Date'), '2031-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Task' }));
    await waitFor(() => expect(onAssigned).toHaveBeenCalledWith(created));
    expect(sent).toEqual([
      expect.objectContaining({
        title: 'Fix the alarm',
        taskType: 'Repair',
        equipmentId: DEVICE_ID,
        assignedTo: TECH_ID,
        dueDate: '2031-03-31',
        priority: 'Low',
      }),
    ]);
  });
});
