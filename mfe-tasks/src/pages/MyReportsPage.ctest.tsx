import type { DocumentDto, DocumentPage, TaskDto, TaskListResponse } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { deviceDetailFixture } from '@caliber/web-testing/equipment';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { task } from '../utils/task.fixture';
import { viewer } from '../utils/viewer.fixture';
import { MyReportsPage } from './MyReportsPage';

const nurse = viewer('Clinical', { _id: 'nurse-1', name: 'Adwoa Badu', department: 'ICU' });

function page(tasks: TaskDto[]): TaskListResponse {
  return {
    tasks,
    total: tasks.length,
    more: false,
    page: 1,
    pages: 1,
    limit: 8,
    counts: { total: tasks.length, pending: 0, inProgress: 0, completed: 0 },
  };
}

const waiting = task({
  _id: 'r1',
  title: 'Occlusion alarm silent',
  status: 'Pending',
  assignedTo: null,
  equipment: {
    _id: 'pump-1',
    name: 'Infusomat Space',
    serialNumber: 'BB-1001',
    department: 'ICU',
    category: 'Infusion Pump',
  },
  createdAt: '2026-03-02T08:12:40.311Z',
  reportedBy: { _id: 'nurse-1', name: 'Adwoa Badu' },
});
const certified = task({
  _id: 'r2',
  title: 'Display flickers',
  status: 'Completed',
  assignedTo: { _id: 'tech-1', name: 'Kofi Darko' },
  certified: true,
  certifiedAt: '2026-03-04T15:30:00.000Z',
  needsCertification: true,
  equipment: {
    _id: 'monitor-1',
    name: 'BeneVision N12',
    serialNumber: 'MR-2002',
    department: 'ICU',
    category: 'Monitor',
  },
  createdAt: '2026-03-01T07:00:00.000Z',
  reportedBy: { _id: 'nurse-1', name: 'Adwoa Badu' },
});

describe('My reports (clinical staff’s home)', () => {
  it('lists the reporter’s faults with state, who took it, when reported, back in service and the device status', async () => {
    let asked = '';
    apiServer.use(
      http.get(api('/tasks'), ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json(page([waiting, certified]));
      }),
      http.get(api('/equipment/pump-1'), () =>
        HttpResponse.json(deviceDetailFixture({ _id: 'pump-1', status: 'Unserviceable' })),
      ),
      http.get(api('/equipment/monitor-1'), () =>
        HttpResponse.json(deviceDetailFixture({ _id: 'monitor-1', status: 'Serviceable' })),
      ),
    );
    await renderScreen(<MyReportsPage />, { user: nurse, path: '/my-reports' });
    expect(screen.getByRole('heading', { level: 1, name: 'My reports' })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'Occlusion alarm silent' });
    expect(new URLSearchParams(asked).get('reported')).toBe('1');
    expect(within(first).getByText('Waiting for an engineer')).toBeInTheDocument();
    expect(within(first).getByText('Not taken yet')).toBeInTheDocument();
    expect(within(first).getByText('Not yet')).toBeInTheDocument();
    expect(await within(first).findByText('Unserviceable')).toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'Display flickers' });
    expect(within(second).getByText('Repaired and certified')).toBeInTheDocument();
    expect(within(second).getByText('Kofi Darko')).toBeInTheDocument();
    expect(within(second).queryByText('Not yet')).not.toBeInTheDocument();
    expect(await within(second).findByText('Serviceable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report a fault' })).toHaveAttribute('href', '/report-issue');
  });

  it('says so when they have reported nothing yet', async () => {
    apiServer.use(http.get(api('/tasks'), () => HttpResponse.json(page([]))));
    await renderScreen(<MyReportsPage />, { user: nurse, path: '/my-reports' });
    expect(await screen.findByText('No reports yet')).toBeInTheDocument();
  });

  it('shows a report’s photos and sends another from the phone', async () => {
    const photo: DocumentDto = {
      _id: 'doc-1',
      target: 'task',
      targetId: 'r1',
      purpose: 'photo',
      fileName: 'housing.jpg',
      mediaType: 'image/jpeg',
      bytes: 120_000,
      sha256: 'a'.repeat(64),
      hasThumbnail: true,
      addedById: 'nurse-1',
      addedByLabel: 'CLN-001',
      addedByName: 'Adwoa Badu',
      addedAt: '2026-03-02T08:13:00.000Z',
    };
    const kept: DocumentDto[] = [];
    let sentName = '';
    apiServer.use(
      http.get(api('/tasks'), () => HttpResponse.json(page([waiting]))),
      http.get(api('/equipment/pump-1'), () => HttpResponse.json(deviceDetailFixture({ _id: 'pump-1' }))),
      http.get(api('/tasks/r1/documents'), () =>
        HttpResponse.json({
          items: kept,
          total: kept.length,
          page: 1,
          pages: kept.length ? 1 : 0,
          limit: 20,
        } satisfies DocumentPage),
      ),
      http.post(api('/tasks/r1/documents'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        sentName = `${query.get('purpose')}:${query.get('fileName')}`;
        kept.push(photo);
        return HttpResponse.json(photo, { status: 201 });
      }),
      http.get(api('/tasks/r1/documents/doc-1/thumbnail'), () =>
        HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer, {
          headers: { 'Content-Type': 'image/webp' },
        }),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<MyReportsPage />, { user: nurse, path: '/my-reports' });
    await user.click(await screen.findByRole('button', { name: 'Photos of Occlusion alarm silent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Occlusion alarm silent' });
    expect(await within(dialog).findByText('No photo was sent with this report yet.')).toBeInTheDocument();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'housing.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Photos', { selector: 'input' }), jpeg);
    await user.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    expect(await screen.findByText('File added.')).toBeInTheDocument();
    expect(sentName).toBe('photo:housing.jpg');
    // The list is asked again: the photo shows with who sent it, and they may remove it.
    expect(await within(dialog).findByText(/Adwoa Badu/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Remove/ })).toBeInTheDocument();
  });
});
