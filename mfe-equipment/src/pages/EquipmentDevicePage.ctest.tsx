import {
  assessRisk,
  type ApiErrorBody,
  type AssessRiskRequest,
  type DeviceAcquisition,
  type DeviceCover,
  type DeviceHistoryPage,
  type DeviceHistoryTask,
  type DeviceRecallsResponse,
  type DeviceSafetyTests,
  type DocumentPage,
  type EquipmentDetail,
  type StatusHistoryEntry,
  type StatusHistoryPage,
} from '@caliber/contracts';
import { Route, Routes } from '@caliber/web';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { detailFixture, staffFixture } from '../utils/equipment.fixture';
import { EquipmentDevicePage } from './EquipmentDevicePage';

const engineer = staffFixture({ role: 'Engineer' });
const technician = staffFixture({ _id: 'tech', name: 'Kofi Darko', role: 'Technician' });

const devicePage = (
  <Routes>
    <Route path="/equipment/:id" element={<EquipmentDevicePage />} />
  </Routes>
);

function historyTask(number: number): DeviceHistoryTask {
  return {
    _id: `t${number}`,
    title: `Repair ${number}`,
    taskType: 'Repair',
    pmType: null,
    status: 'Completed',
    priority: 'Medium',
    dueDate: null,
    createdAt: '2025-02-01T00:00:00.000Z',
    completedDate: null,
    assignedTo: null,
    reportedBy: null,
    faultDescription: null,
    repairDetails: null,
    spareParts: [],
    certified: false,
    certificationEngineer: null,
    certifiedAt: null,
  };
}

const change = (number: number): StatusHistoryEntry => ({
  from: number % 2 ? 'Serviceable' : 'Unserviceable',
  to: number % 2 ? 'Unserviceable' : 'Serviceable',
  at: `2025-01-01T00:${String(number).padStart(2, '0')}:00.000Z`,
  by: null,
  reason: `Change ${number}`,
  taskId: null,
});

/**
 * The device's sections besides its record: five maintenance tasks a page, no tests, recalls or
 * documents, and acquisition figures (asked only by cost readers) of which just the supplier is recorded.
 */
function deviceSections(tasks: DeviceHistoryTask[] = [], slowPage = 0) {
  const noTests: DeviceSafetyTests = { tests: [], total: 0, due: null };
  const noRecalls: DeviceRecallsResponse = { recalls: [] };
  const noCover: DeviceCover = { equipmentId: 'e1', covers: [] };
  const figures: DeviceAcquisition = {
    equipmentId: 'e1',
    acquisitionCost: null,
    purchaseDate: null,
    supplier: 'B. Braun Medical Ltd',
    supplierId: 'v-braun',
    expectedLifeYears: null,
    endOfLife: null,
    currency: null,
    updatedAt: null,
    updatedByLabel: null,
    version: 1,
  };
  return [
    http.get(api('/equipment/e1/acquisition'), () => HttpResponse.json(figures)),
    http.get(api('/equipment/e1/maintenance'), async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      if (page === slowPage) await delay(150);
      const answer: DeviceHistoryPage = {
        tasks: tasks.slice((page - 1) * 5, page * 5),
        total: tasks.length,
        page,
        pages: Math.max(1, Math.ceil(tasks.length / 5)),
        limit: 5,
      };
      return HttpResponse.json(answer);
    }),
    http.get(api('/equipment/e1/safety-tests'), () => HttpResponse.json(noTests)),
    http.get(api('/equipment/e1/recalls'), () => HttpResponse.json(noRecalls)),
    http.get(api('/equipment/e1/cover'), () => HttpResponse.json(noCover)),
    http.get(api('/equipment/e1/documents'), () =>
      HttpResponse.json({ items: [], total: 0, page: 1, pages: 0, limit: 20 } satisfies DocumentPage),
    ),
  ];
}

describe('The device page', () => {
  it('shows loading, then the device with its sections', async () => {
    apiServer.use(
      http.get(api('/equipment/e1'), () => HttpResponse.json(detailFixture())),
      ...deviceSections(),
    );
    await renderScreen(devicePage, { user: technician, path: '/equipment/e1' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading equipment…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Infusion Pump 1' })).toBeInTheDocument();
    expect(screen.getByText('SN-0001 · Infusomat Space · B. Braun')).toBeInTheDocument();
    // A Technician reads no costs: the acquisition figures are neither shown nor asked for.
    expect(screen.queryByRole('region', { name: 'Acquisition' })).not.toBeInTheDocument();
    expect(await screen.findByText('No maintenance recorded for this equipment yet.')).toBeInTheDocument();
    expect(
      await screen.findByText('No electrical safety test is recorded for this device yet.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No recall or safety notice has found this device.')).toBeInTheDocument();
    expect(await screen.findByText(/^No documents yet: service reports, certificates/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report a fault' })).toHaveAttribute(
      'href',
      '/report-issue?equipment=e1',
    );
  });

  it('shows what the device cost to a Manager, who reads costs but does not edit them', async () => {
    apiServer.use(
      http.get(api('/equipment/e1'), () => HttpResponse.json(detailFixture())),
      ...deviceSections(),
    );
    await renderScreen(devicePage, { user: staffFixture({ role: 'Manager' }), path: '/equipment/e1' });
    const acquisition = await screen.findByRole('region', { name: 'Acquisition' });
    expect(await within(acquisition).findByText('B. Braun Medical Ltd')).toBeInTheDocument();
    expect(within(acquisition).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('says so when the inventory has no such device, without asking again', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/equipment/gone'), () => {
        calls += 1;
        return HttpResponse.json(
          { statusCode: 404, code: 'NOT_FOUND', message: 'Equipment not found.' } satisfies ApiErrorBody,
          { status: 404 },
        );
      }),
    );
    await renderScreen(devicePage, { user: technician, path: '/equipment/gone' });
    expect(await screen.findByText('This device is not in the inventory')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Equipment not found' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('pages through the maintenance history, keeping the page shown while the next loads', async () => {
    const tasks = Array.from({ length: 6 }, (_, index) => historyTask(6 - index));
    apiServer.use(
      http.get(api('/equipment/e1'), () => HttpResponse.json(detailFixture())),
      ...deviceSections(tasks, 2),
    );
    const user = userEvent.setup();
    await renderScreen(devicePage, { user: technician, path: '/equipment/e1' });
    const history = await screen.findByRole('region', { name: 'Maintenance history' });
    expect(await within(history).findByText('6 tasks, newest first.')).toBeInTheDocument();
    expect(within(history).getByText('Repair 6')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Page 2' }));
    expect(within(history).getByText('Repair 6')).toBeInTheDocument();
    expect(await within(history).findByText('Repair 1')).toBeInTheDocument();
    expect(within(history).queryByText('Repair 6')).not.toBeInTheDocument();
  });

  it('loads older status changes a page at a time on request, until there are none', async () => {
    const pages: number[] = [];
    apiServer.use(
      http.get(api('/equipment/e1'), () =>
        HttpResponse.json(
          detailFixture({
            statusHistory: Array.from({ length: 20 }, (_, index) => change(45 - index)),
            statusHistoryTotal: 45,
          }),
        ),
      ),
      http.get(api('/equipment/e1/history'), async ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        pages.push(page);
        await delay(50);
        const first = 45 - (page - 1) * 20;
        const answer: StatusHistoryPage = {
          entries: Array.from({ length: Math.min(20, first) }, (_, index) => change(first - index)),
          total: 45,
          page,
          pages: 3,
          limit: 20,
        };
        return HttpResponse.json(answer);
      }),
      ...deviceSections(),
    );
    const user = userEvent.setup();
    const { container } = await renderScreen(devicePage, { user: technician, path: '/equipment/e1' });
    await screen.findByRole('heading', { level: 1, name: 'Infusion Pump 1' });
    const entries = () => container.querySelectorAll('.status-history li');
    expect(entries()).toHaveLength(20);
    // Nothing older is asked for until someone wants it.
    expect(pages).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeInTheDocument();
    await waitFor(() => expect(entries()).toHaveLength(40));
    expect(screen.getByText(/Change 6$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(entries()).toHaveLength(45));
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
    expect(pages).toEqual([2, 3]);
  });

  it('a change of the device made elsewhere (equipment:statusChanged) shows its new state', async () => {
    let device: EquipmentDetail = detailFixture();
    apiServer.use(
      http.get(api('/equipment/e1'), () => HttpResponse.json(device)),
      ...deviceSections(),
    );
    const live = new TestLiveEvents();
    const { container } = await renderScreen(devicePage, { user: technician, path: '/equipment/e1', live });
    await screen.findByRole('heading', { level: 1, name: 'Infusion Pump 1' });
    expect(container.querySelector('.detail-status .ck-badge')).toHaveTextContent('Serviceable');

    device = { ...device, status: 'Unserviceable', version: 2 };
    act(() =>
      live.emit('equipment:statusChanged', { equipment: device, from: 'Serviceable', to: 'Unserviceable' }),
    );
    await waitFor(() =>
      expect(container.querySelector('.detail-status .ck-badge')).toHaveTextContent('Unserviceable'),
    );
    // Another device's change asks nothing again.
    act(() => live.emit('equipment:updated', { equipment: { ...device, _id: 'e2', name: 'Other' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Infusion Pump 1' })).toBeInTheDocument();
  });

  it('Risk assessment: Save waits for every score, the preview follows them, a refusal is shown, a save says so', async () => {
    let device = detailFixture();
    const sent: AssessRiskRequest[] = [];
    let refuse = true;
    apiServer.use(
      http.get(api('/equipment/e1'), () => HttpResponse.json(device)),
      http.put(api('/equipment/e1/risk'), async ({ request }) => {
        const body = (await request.json()) as AssessRiskRequest;
        sent.push(body);
        if (refuse)
          return HttpResponse.json(
            {
              statusCode: 409,
              code: 'CONFLICT',
              message:
                'Infusion Pump 1 was changed by someone else since you opened it. Reload it and try again.',
            } satisfies ApiErrorBody,
            { status: 409 },
          );
        const scores = {
          function: body.function,
          physicalRisk: body.physicalRisk,
          maintenance: body.maintenance,
          incidentHistory: body.incidentHistory,
        };
        device = {
          ...device,
          version: 2,
          risk: {
            ...scores,
            ...assessRisk(scores),
            assessedAt: '2025-03-01T00:00:00.000Z',
            assessedBy: { _id: 'me', name: 'Esi Mensah' },
          },
        };
        return HttpResponse.json(device);
      }),
      ...deviceSections(),
    );
    const user = userEvent.setup();
    await renderScreen(devicePage, { user: engineer, path: '/equipment/e1' });
    const section = await screen.findByRole('region', { name: 'Risk assessment' });
    expect(within(section).getByText('Not assessed yet.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Assess Risk' }));

    const form = within(section).getByRole('form', { name: 'Risk assessment form' });
    const save = within(form).getByRole('button', { name: 'Save Assessment' });
    expect(save).toBeDisabled();
    expect(
      within(form).getByText('Choose a score for each factor to see the EM number.'),
    ).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Equipment function'), '10');
    await user.selectOptions(within(form).getByLabelText('Physical risk'), '5');
    await user.selectOptions(within(form).getByLabelText('Maintenance requirements'), '4');
    expect(save).toBeDisabled();
    await user.selectOptions(within(form).getByLabelText('Incident history'), '0');
    expect(save).toBeEnabled();
    expect(within(form).getByTestId('risk-total')).toHaveTextContent('19');
    expect(within(form).getByText('Risk: High')).toBeInTheDocument();

    await user.click(save);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Infusion Pump 1 was changed by someone else since you opened it. Reload it and try again.',
    );
    expect(within(section).getByRole('form', { name: 'Risk assessment form' })).toBeInTheDocument();

    refuse = false;
    await user.click(save);
    expect(await screen.findByText('Risk assessment saved.')).toHaveAttribute('role', 'status');
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
    expect(within(section).getByTestId('risk-total')).toHaveTextContent('19');
    expect(within(section).getByText('10 – Life support')).toBeInTheDocument();
    expect(await within(section).findByText(/Assessed .* by Esi Mensah/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Edit Assessment' })).toBeInTheDocument();
    expect(sent).toEqual([
      { function: 10, physicalRisk: 5, maintenance: 4, incidentHistory: 0, version: 1 },
      { function: 10, physicalRisk: 5, maintenance: 4, incidentHistory: 0, version: 1 },
    ]);
  });

  it('Risk assessment: a Technician reads it and has nothing to edit it with', async () => {
    apiServer.use(
      http.get(api('/equipment/e1'), () => HttpResponse.json(detailFixture())),
      ...deviceSections(),
    );
    await renderScreen(devicePage, { user: technician, path: '/equipment/e1' });
    const section = await screen.findByRole('region', { name: 'Risk assessment' });
    expect(
      within(section).getByText('Only Engineers and Admins may assess the risk of equipment.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('The device page for clinical staff (what the QR tag opens on their ward)', () => {
  const nurse = staffFixture({ _id: 'nurse', name: 'Adwoa Badu', role: 'Clinical', department: 'ICU' });

  it('shows the device, its cover and Report a fault only, asking for nothing of the department’s records', async () => {
    // Any other request (maintenance history, safety tests, recalls) is unhandled and fails the test.
    apiServer.use(
      http.get(api('/equipment/e1'), () => HttpResponse.json(detailFixture())),
      http.get(api('/equipment/e1/cover'), () =>
        HttpResponse.json({
          equipmentId: 'e1',
          covers: [
            {
              source: 'contract',
              kind: 'full-service',
              until: '2029-03-31',
              vendorName: 'B. Braun Service',
              phone: '+233 30 255 5100',
              email: null,
              reference: 'BB-77',
              responseHours: 8,
              pmIncluded: true,
            },
          ],
        } satisfies DeviceCover),
      ),
    );
    await renderScreen(devicePage, { user: nurse, path: '/equipment/e1' });
    const cover = await screen.findByRole('region', { name: 'Warranty and service contracts' });
    expect(cover).toHaveTextContent(
      /^Warranty and service contractsUnder a full service contract with B\. Braun Service until .*2029: call \+233 30 255 5100 and quote contract BB-77\. Response within 8 hours\. Planned maintenance included\.$/,
    );
    expect(within(cover).getByRole('link', { name: '+233 30 255 5100' })).toHaveAttribute(
      'href',
      'tel:+233302555100',
    );
    expect(await screen.findByRole('link', { name: 'Report a fault' })).toHaveAttribute(
      'href',
      '/report-issue?equipment=e1',
    );
    expect(screen.getByRole('heading', { name: 'Device details' })).toBeInTheDocument();
    expect(screen.queryByText('Change status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByText('Recalls and safety notices')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Ward devices' })).toHaveAttribute('href', '/equipment');
  });

  it('says a device of another ward is not on theirs', async () => {
    apiServer.use(
      http.get(api('/equipment/other'), () =>
        HttpResponse.json(
          {
            statusCode: 404,
            code: 'NOT_FOUND',
            message: 'This equipment is not in your ward’s inventory.',
          } satisfies ApiErrorBody,
          { status: 404 },
        ),
      ),
    );
    await renderScreen(devicePage, { user: nurse, path: '/equipment/other' });
    expect(await screen.findByText('This device is not on your ward')).toBeInTheDocument();
  });
});
