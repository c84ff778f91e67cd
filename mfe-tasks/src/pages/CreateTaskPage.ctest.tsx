import type {
  ApiErrorBody,
  CreateTaskRequest,
  DeviceCover,
  TaskCreatedResponse,
  TaskUsersResponse,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { device, DEVICE_ID, equipmentPage } from '../utils/equipment.fixture';
import { task } from '../utils/task.fixture';
import { viewer } from '../utils/viewer.fixture';
import { CreateTaskPage } from './CreateTaskPage';

const engineer = viewer('Engineer');
const TECH_ID = '6f1c2a9e-0000-4000-8000-00000000a001';
const users: TaskUsersResponse = {
  users: [{ _id: TECH_ID, name: 'Kofi Darko', role: 'Technician', serviceNumber: 'BME-1005' }],
};

function answerLists() {
  apiServer.use(
    http.get(api('/auth/users'), () => HttpResponse.json(users)),
    http.get(api('/equipment'), () => HttpResponse.json(equipmentPage([device()]))),
    http.get(api(`/equipment/${DEVICE_ID}/cover`), () =>
      HttpResponse.json({
        equipmentId: DEVICE_ID,
        covers: [
          {
            source: 'contract',
            kind: 'pm-only',
            until: '2027-06-30',
            vendorName: 'Dräger Service',
            phone: null,
            email: null,
            reference: 'DS-2026-4',
            responseHours: null,
            pmIncluded: true,
          },
        ],
      } satisfies DeviceCover),
    ),
  );
}

async function pickEquipment(user: ReturnType<typeof userEvent.setup>) {
  const combobox = screen.getByRole('combobox', { name: /Equipment/ });
  await user.type(combobox, 'evita');
  await screen.findByRole('option', { name: /Evita V500 \(EV-1\)/ });
  await user.keyboard('{ArrowDown}{Enter}');
  expect(combobox).toHaveValue('Evita V500 (EV-1)');
}

// Each test types a whole form key by key (and waits out the search's pause): on a busy machine
// that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

describe('Create New Task', () => {
  it('an empty submit names what is missing, marks the fields and focuses the title; nothing is sent', async () => {
    answerLists();
    const user = userEvent.setup();
    await renderScreen(<CreateTaskPage />, { user: engineer, path: '/add-task' });
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please provide title, priority, and equipment',
    );
    expect(screen.getByLabelText('Task Title')).toHaveFocus();
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /Equipment/ })).toHaveAttribute('aria-invalid', 'true');
    // The line above says it all: no message is repeated under the fields.
    expect(screen.queryByText('Description is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Invalid input')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Due Date')).not.toHaveAttribute('aria-invalid');
  });

  it('creates the task, says so with a link to it, and empties the form', async () => {
    answerLists();
    const sent: CreateTaskRequest[] = [];
    apiServer.use(
      http.post(api('/tasks'), async ({ request }) => {
        const body = (await request.json()) as CreateTaskRequest;
        sent.push(body);
        const created: TaskCreatedResponse = {
          task: task({ _id: 'new-1', title: body.title, assignedTo: { _id: TECH_ID, name: 'Kofi Darko' } }),
        };
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<CreateTaskPage />, { user: engineer, path: '/add-task' });
    await user.type(screen.getByLabelText('Task Title'), 'Replace the O2 cell');
    await user.type(screen.getByLabelText('Description'), 'The oxygen reading drifts.');
    await pickEquipment(user);
    // The device's contract shows as soon as it is chosen: the vendor may be the one to call.
    expect(await screen.findByRole('region', { name: 'Warranty and service contracts' })).toHaveTextContent(
      /Under a PM only contract with Dräger Service until .*2027: quote contract DS-2026-4\. Planned maintenance included\.$/,
    );
    await screen.findByRole('option', { name: 'Kofi Darko (Technician)' });
    await user.selectOptions(screen.getByLabelText('Assign To'), TECH_ID);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Task “Replace the O2 cell” created for Evita V500 and assigned to Kofi Darko.',
    );
    expect(screen.getByRole('link', { name: 'View it in Task Management' })).toHaveAttribute(
      'href',
      '/tasks?task=new-1',
    );
    expect(sent).toEqual([
      expect.objectContaining({
        title: 'Replace the O2 cell',
        description: 'The oxygen reading drifts.',
        equipmentId: DEVICE_ID,
        assignedTo: TECH_ID,
        status: 'Pending',
      }),
    ]);
    expect(screen.getByLabelText('Task Title')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Equipment/ })).toHaveValue('');
  });

  it('a refusal of the server shows its message above the form, which keeps what was typed', async () => {
    answerLists();
    apiServer.use(
      http.post(api('/tasks'), () =>
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
    await renderScreen(<CreateTaskPage />, { user: engineer, path: '/add-task' });
    await user.type(screen.getByLabelText('Task Title'), 'Replace the O2 cell');
    await user.type(screen.getByLabelText('Description'), 'The oxygen reading drifts.');
    await pickEquipment(user);
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That device is no longer on the inventory.');
    expect(screen.getByLabelText('Task Title')).toHaveValue('Replace the O2 cell');
  });

  it('tells a Technician that only Engineers and Admins create tasks', async () => {
    await renderScreen(<CreateTaskPage />, { user: viewer('Technician'), path: '/add-task' });
    expect(screen.getByText('Only Engineers and Admins create tasks.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
