import type { DepartmentCover, DepartmentEntryDto, HospitalListsDto, OnCallShift } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { userFixture } from '../utils/user.fixture';
import { OnCallRotaPage, shiftLine } from './OnCallRotaPage';

const admin = userFixture({ _id: 'me', name: 'Ama Owusu', role: 'Admin', serviceNumber: 'BME-1001' });
const kwame = userFixture({ _id: 'e1', name: 'Kwame Boateng', role: 'Engineer', serviceNumber: 'BME-1002' });
const yaw = userFixture({ _id: 'e2', name: 'Yaw Asante', role: 'Engineer', serviceNumber: 'BME-1003' });

const department = (name: string, retired = false): DepartmentEntryDto => ({
  _id: `d-${name}`,
  kind: 'department',
  name,
  parentId: null,
  retired,
  retiredAt: null,
  formerNames: [],
  createdAt: '2025-11-03T08:00:00.000Z',
  updatedAt: '2025-11-03T08:00:00.000Z',
  version: 1,
  wards: [],
});
const lists: HospitalListsDto = {
  departments: [department('ICU'), department('Radiology Department'), department('Old Ward', true)],
  categories: [],
};

const shift = (id: string, engineer: typeof kwame, from: string, to: string): OnCallShift => ({
  id,
  department: 'ICU',
  engineerId: engineer._id,
  engineerName: engineer.name,
  from,
  to,
});
const now = shift('s1', kwame, '2026-11-29T18:00:00.000Z', '2026-11-30T08:00:00.000Z');
const next = shift('s2', yaw, '2026-11-30T08:00:00.000Z', '2026-11-30T18:00:00.000Z');

/** Serves the lists, the Engineers and a rota kept in memory, noting each change asked. */
function rota(cover: Partial<DepartmentCover> = {}) {
  const asked: string[] = [];
  let shifts = [now, next];
  const answer = (): DepartmentCover => ({
    department: 'ICU',
    covering: [{ engineerId: yaw._id, engineerName: yaw.name }],
    onCallNow: [now],
    next,
    shifts,
    total: shifts.length,
    page: 1,
    pages: 1,
    limit: 100,
    ...cover,
  });
  apiServer.use(
    http.get(api('/lists'), () => HttpResponse.json(lists)),
    http.get(api('/users'), ({ request }) => {
      asked.push(`GET /users?${new URL(request.url).searchParams.toString()}`);
      return HttpResponse.json({
        users: [kwame, yaw],
        data: [kwame, yaw],
        total: 2,
        page: 1,
        pages: 1,
        limit: 100,
      });
    }),
    http.get(api('/on-call'), ({ request }) => {
      asked.push(`GET /on-call?${new URL(request.url).searchParams.toString()}`);
      return HttpResponse.json(answer());
    }),
    http.post(api('/on-call/shifts'), async ({ request }) => {
      const body = (await request.json()) as { engineerId: string; from: string; to: string };
      asked.push(`POST ${JSON.stringify(body)}`);
      if (body.engineerId === yaw._id)
        return HttpResponse.json(
          { code: 'VALIDATION_FAILED', message: 'The shift has ended already: To must be in the future.' },
          { status: 400 },
        );
      const added = shift('s3', kwame, body.from, body.to);
      shifts = [...shifts, added];
      return HttpResponse.json(added, { status: 201 });
    }),
    http.delete(api('/on-call/shifts/:id'), ({ params }) => {
      asked.push(`DELETE ${String(params['id'])}`);
      shifts = shifts.filter((s) => s.id !== params['id']);
      return HttpResponse.json({ _id: params['id'] });
    }),
  );
  return asked;
}

describe('On-call rota', () => {
  it('asks nothing until a department is chosen, then shows who covers it, on call now and next', async () => {
    const asked = rota();
    const user = userEvent.setup();
    await renderScreen(<OnCallRotaPage />, { user: admin, path: '/users/on-call' });
    expect(screen.getByRole('heading', { name: 'On-call rota', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Its cover and on-call rota are shown here.')).toBeInTheDocument();
    const select = screen.getByLabelText('Department');
    await within(select).findByRole('option', { name: 'ICU' });
    // A retired department is not offered.
    expect(within(select).queryByRole('option', { name: 'Old Ward' })).toBeNull();
    expect(asked.filter((line) => line.startsWith('GET /on-call'))).toEqual([]);

    await user.selectOptions(select, 'ICU');
    const card = (await screen.findByRole('heading', { name: 'Who covers ICU' })).closest('.ck-card');
    if (!(card instanceof HTMLElement)) throw new Error('no card');
    expect(within(card).getByText(shiftLine(now))).toBeInTheDocument();
    expect(within(card).getByText(shiftLine(next))).toBeInTheDocument();
    expect(within(card).getByText('Yaw Asante')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shifts ahead (2)' })).toBeInTheDocument();
    expect(asked).toContain('GET /on-call?department=ICU&page=1&limit=100');
  });

  it('says so when nobody is on call and no shift is ahead', async () => {
    rota({ onCallNow: [], next: null, covering: [], shifts: [], total: 0 });
    await renderScreen(<OnCallRotaPage />, { user: admin, path: '/users/on-call?department=ICU' });
    expect(await screen.findByText('Nobody')).toBeInTheDocument();
    expect(screen.getByText('No shift ahead')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.getByText('No shifts ahead.')).toBeInTheDocument();
  });

  it('adds a shift from the form, refusing an empty or backwards one before sending, and shows the service’s refusal', async () => {
    const asked = rota();
    const user = userEvent.setup();
    await renderScreen(<OnCallRotaPage />, { user: admin, path: '/users/on-call?department=ICU' });
    const form = (await screen.findByRole('heading', { name: 'Add a shift' })).closest('.ck-card');
    if (!(form instanceof HTMLElement)) throw new Error('no form');
    await within(form).findByRole('option', { name: 'Kwame Boateng' });
    await user.click(within(form).getByRole('button', { name: 'Add shift' }));
    expect(await within(form).findByText('Choose an engineer.')).toBeInTheDocument();
    expect(within(form).getByText('From is required.')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Engineer'), 'Kwame Boateng');
    await user.type(within(form).getByLabelText('From'), '2026-12-01T18:00');
    await user.type(within(form).getByLabelText('To'), '2026-12-01T08:00');
    await user.click(within(form).getByRole('button', { name: 'Add shift' }));
    expect(await within(form).findByText('To must be after From.')).toBeInTheDocument();
    expect(asked.filter((line) => line.startsWith('POST'))).toEqual([]);

    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2026-12-02T08:00');
    await user.click(within(form).getByRole('button', { name: 'Add shift' }));
    expect(await screen.findByRole('heading', { name: 'Shifts ahead (3)' })).toBeInTheDocument();
    expect(asked.filter((line) => line.startsWith('POST'))).toEqual([
      `POST ${JSON.stringify({
        department: 'ICU',
        engineerId: kwame._id,
        from: new Date('2026-12-01T18:00').toISOString(),
        to: new Date('2026-12-02T08:00').toISOString(),
      })}`,
    ]);

    await user.selectOptions(within(form).getByLabelText('Engineer'), 'Yaw Asante');
    await user.type(within(form).getByLabelText('From'), '2026-12-01T18:00');
    await user.type(within(form).getByLabelText('To'), '2026-12-02T08:00');
    await user.click(within(form).getByRole('button', { name: 'Add shift' }));
    expect(
      await within(form).findByText('The shift has ended already: To must be in the future.'),
    ).toBeInTheDocument();
  });

  it('removes a shift', async () => {
    const asked = rota();
    const user = userEvent.setup();
    await renderScreen(<OnCallRotaPage />, { user: admin, path: '/users/on-call?department=ICU' });
    await user.click(await screen.findByRole('button', { name: `Remove ${shiftLine(next)}` }));
    expect(await screen.findByRole('heading', { name: 'Shifts ahead (1)' })).toBeInTheDocument();
    expect(asked).toContain('DELETE s2');
  });
});
