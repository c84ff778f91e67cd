import type {
  AddedReport,
  AddToReportRequest,
  ApiErrorBody,
  DeviceCover,
  EquipmentDetail,
  OpenFault,
  OpenFaultPage,
  ReportIssueRequest,
  TaskCreatedResponse,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
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

function openFault(changes: Partial<OpenFault> = {}): OpenFault {
  return {
    _id: 'fault-1',
    title: 'Occlusion alarm silent',
    description: 'The alarm stays silent when the line is clamped.',
    status: 'Pending',
    severity: 'High',
    createdAt: '2026-03-02T08:12:40.311Z',
    reportedBy: { _id: 'nurse-1', name: 'Ruth Adeyemi' },
    assignedTo: null,
    addedReports: 0,
    ...changes,
  };
}

/** The chosen device's warranty and contracts in force (none by default). */
function answerCover(covers: DeviceCover['covers'] = []) {
  apiServer.use(
    http.get(api(`/equipment/${DEVICE_ID}/cover`), () =>
      HttpResponse.json({ equipmentId: DEVICE_ID, covers } satisfies DeviceCover),
    ),
  );
}

/** The chosen device's open faults: the page the hint reads (none by default), and no cover. */
function answerOpenFaults(faults: OpenFault[] = [], total = faults.length) {
  const asked: string[] = [];
  answerCover();
  apiServer.use(
    http.get(api(`/equipment/${DEVICE_ID}/open-faults`), ({ request }) => {
      asked.push(new URL(request.url).search);
      const page: OpenFaultPage = {
        faults,
        total,
        page: 1,
        pages: Math.max(1, Math.ceil(total / 3)),
        limit: 3,
      };
      return HttpResponse.json(page);
    }),
  );
  return asked;
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
    const asked = answerOpenFaults();
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
    // The device has no open fault report: nothing stands above the form.
    await waitFor(() => expect(asked).toEqual(['?limit=3']));
    expect(screen.queryByText(/already has/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to this report' })).not.toBeInTheDocument();
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
    answerOpenFaults();
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
    answerOpenFaults();
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

  it('says when the chosen device is under warranty, so the manufacturer is called first', async () => {
    answerEquipment();
    answerOpenFaults();
    answerCover([
      {
        source: 'warranty',
        kind: null,
        until: '2027-03-12',
        vendorName: 'Dräger',
        phone: null,
        email: null,
        reference: null,
        responseHours: null,
        pmIncluded: null,
      },
    ]);
    const user = userEvent.setup();
    await renderScreen(<ReportIssuePage />, { user: technician, path: '/report-issue' });
    expect(screen.queryByRole('region', { name: 'Warranty and service contracts' })).not.toBeInTheDocument();
    await pickEquipment(user);
    const cover = await screen.findByRole('region', { name: 'Warranty and service contracts' });
    expect(cover).toHaveTextContent(/Under warranty until .*2027: call Dräger\.$/);
  });
  describe('when the device already has an open fault report', () => {
    it('shows each above the form, with its state, reporter and assignee, and how many there are in all', async () => {
      answerEquipment();
      answerOpenFaults(
        [
          openFault(),
          openFault({
            _id: 'fault-2',
            title: 'Door latch broken',
            status: 'In Progress',
            reportedBy: null,
            assignedTo: { _id: 'tech-1', name: 'Samuel Mensah' },
            addedReports: 2,
          }),
          openFault({ _id: 'fault-3', title: 'Screen cracked' }),
        ],
        5,
      );
      const user = userEvent.setup();
      await renderScreen(<ReportIssuePage />, { user: technician, path: '/report-issue' });
      await pickEquipment(user);
      const hint = await screen.findByRole('region', {
        name: 'This device already has 5 open fault reports',
      });
      const items = within(hint).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('Occlusion alarm silent');
      expect(items[0]).toHaveTextContent('Pending');
      expect(items[0]).toHaveTextContent(/Reported .+ by Ruth Adeyemi/);
      expect(items[0]).toHaveTextContent('Not assigned yet');
      expect(items[1]).toHaveTextContent('In Progress');
      expect(items[1]).toHaveTextContent('Assigned to Samuel Mensah · 2 people have added to it');
      expect(items[1]).not.toHaveTextContent(' by ');
      expect(within(hint).getAllByRole('button', { name: 'Add to this report' })).toHaveLength(3);
      expect(hint).toHaveTextContent('The newest 3 of 5 open reports.');
      expect(within(hint).getByRole('link', { name: /device's history/ })).toHaveAttribute(
        'href',
        `/equipment/${DEVICE_ID}`,
      );
      // The form stays for a different fault.
      expect(screen.getByRole('button', { name: 'Report Issue' })).toBeEnabled();
    });

    it('adds what the person typed to the report they choose, and takes them to its task', async () => {
      answerEquipment();
      answerOpenFaults([openFault()]);
      const sent: { id: string; body: AddToReportRequest }[] = [];
      apiServer.use(
        http.post(api('/tasks/:id/reports'), async ({ request, params }) => {
          const body = (await request.json()) as AddToReportRequest;
          sent.push({ id: String(params['id']), body });
          const added: AddedReport = {
            _id: 'added-1',
            taskId: String(params['id']),
            text: body.description,
            reportedBy: { _id: technician._id, name: technician.name },
            at: '2026-03-03T02:41:09.117Z',
          };
          return HttpResponse.json(added, { status: 201 });
        }),
      );
      const user = userEvent.setup();
      await renderScreen(<ReportIssuePage />, { user: technician, path: '/report-issue' });
      await pickEquipment(user);
      await user.type(screen.getByLabelText('Description'), 'Silent again at night.');
      await user.click(await screen.findByRole('button', { name: 'Add to this report' }));
      const what = screen.getByLabelText('What you saw');
      expect(what).toHaveValue('Silent again at night.');
      await user.type(what, ' Bed 12.');
      await user.click(screen.getByRole('button', { name: 'Add my report' }));

      expect(
        await screen.findByText('Your report was added to "Occlusion alarm silent".'),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(window.location.pathname + window.location.search).toBe('/tasks?task=fault-1'),
      );
      expect(sent).toEqual([{ id: 'fault-1', body: { description: 'Silent again at night. Bed 12.' } }]);
    });

    it('shows why an account was refused (the fault closed meanwhile), and an empty one is not sent', async () => {
      answerEquipment();
      answerOpenFaults([openFault()]);
      let posts = 0;
      apiServer.use(
        http.post(api('/tasks/:id/reports'), () => {
          posts += 1;
          return HttpResponse.json(
            {
              statusCode: 409,
              code: 'CONFLICT',
              message: 'This fault report is closed (Cancelled): report the fault again as a new issue.',
            } satisfies ApiErrorBody,
            { status: 409 },
          );
        }),
      );
      const user = userEvent.setup();
      await renderScreen(<ReportIssuePage />, { user: technician, path: '/report-issue' });
      await pickEquipment(user);
      await user.click(await screen.findByRole('button', { name: 'Add to this report' }));
      await user.click(screen.getByRole('button', { name: 'Add my report' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Description is required.');
      expect(posts).toBe(0);

      await user.type(screen.getByLabelText('What you saw'), 'Still silent.');
      await user.click(screen.getByRole('button', { name: 'Add my report' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          'This fault report is closed (Cancelled): report the fault again as a new issue.',
        ),
      );
      expect(posts).toBe(1);
      expect(window.location.pathname).toBe('/report-issue');
      // The form is still there to report it as a new issue.
      expect(screen.getByRole('button', { name: 'Report Issue' })).toBeEnabled();
    });
  });
});
