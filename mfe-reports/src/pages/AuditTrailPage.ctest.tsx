import type {
  ApiErrorBody,
  AssigneeListResponse,
  AuditTrailPage as AuditPage,
  AuditTrailRow,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { staffFixture } from '../utils/report.fixture';
import { AuditTrailPage } from './AuditTrailPage';

const engineer = staffFixture({ _id: 'me', name: 'Ama Auditor' });
const staff: AssigneeListResponse = {
  technicians: [{ _id: 'kofi', name: 'Kofi Fixer', role: 'Technician', serviceNumber: 'BME-2001' }],
};

function row(index: number, changes: Partial<AuditTrailRow> = {}): AuditTrailRow {
  return {
    key: `equipment:${index}`,
    at: '2026-03-31T09:00:00.000Z',
    service: 'equipment',
    actor: { id: 'me', label: 'BME-1000', name: 'Ama Auditor' },
    via: null,
    entity: 'equipment',
    entityId: 'device-1',
    action: 'updated',
    changes: { location: { from: `Bay ${index}`, to: `Bay ${index + 1}` } },
    equipmentId: 'device-1',
    ...changes,
  };
}

/** The trail's requests as the page sends them (each one's query string), answered by `answer`. */
function trail(answer: (query: URLSearchParams) => AuditPage | Response) {
  const asked: string[] = [];
  apiServer.use(
    http.get(api('/audit'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      const page = answer(query);
      return page instanceof Response ? page : HttpResponse.json(page);
    }),
    http.get(api('/users/preapproved/technicians'), () => HttpResponse.json(staff)),
  );
  return asked;
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('Audit trail', () => {
  it('shows loading, then the changes, each field from its old to its new value', async () => {
    trail(() => ({ rows: [row(1)], next: null }));
    await renderScreen(<AuditTrailPage />, { user: engineer, path: '/audit' });
    expect(screen.getByText('Loading the audit trail...')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Ama Auditor');
    expect(rows()[0]).toHaveTextContent('Device: Updated');
    expect(rows()[0]).toHaveTextContent('LocationBay 1 changed to → Bay 2');
    expect(screen.getByRole('button', { name: '← Newer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Older →' })).toBeDisabled();
  });

  it('says when no change matches the filters', async () => {
    trail(() => ({ rows: [], next: null }));
    await renderScreen(<AuditTrailPage />, { user: engineer, path: '/audit?from=2099-01-01' });
    expect(await screen.findByText('No change matches these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('a server fault is tried twice more, then shown with Retry; a refusal is shown at once', async () => {
    let calls = 0;
    trail(() => {
      calls += 1;
      if (calls <= 3)
        return HttpResponse.json(
          {
            statusCode: 502,
            code: 'SERVICE_UNAVAILABLE',
            message: '',
            requestId: 'req-4',
          } satisfies ApiErrorBody,
          { status: 502 },
        );
      return HttpResponse.json(
        {
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'Only Engineers, Managers and Admins may read the audit trail.',
        } satisfies ApiErrorBody,
        { status: 403 },
      );
    });
    const user = userEvent.setup();
    await renderScreen(<AuditTrailPage />, { user: engineer, path: '/audit' });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to load the audit trail Reference: req-4');
    expect(calls).toBe(3);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only Engineers, Managers and Admins may read the audit trail.',
    );
    expect(calls).toBe(4);
  });

  it('pages older by the cursor and back newer', async () => {
    const asked = trail((query) =>
      query.get('cursor') === 'c2'
        ? { rows: [row(30, { key: 'equipment:30', action: 'created' })], next: null }
        : { rows: [row(1), row(2, { key: 'equipment:2' })], next: 'c2' },
    );
    const user = userEvent.setup();
    await renderScreen(<AuditTrailPage />, { user: engineer, path: '/audit' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Older →' }));
    expect(await screen.findByText('Device: Created')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older →' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '← Newer' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(asked).toEqual(['', 'cursor=c2']);
  });

  it('keeps the person and the period in the address, asks for them, and Clear filters drops them', async () => {
    const asked = trail(() => ({ rows: [row(1)], next: null }));
    const user = userEvent.setup();
    await renderScreen(<AuditTrailPage />, { user: engineer, path: '/audit' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const person = screen.getByLabelText('Person');
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Anyone', 'Me (Ama Auditor)', 'Kofi Fixer (BME-2001)']);
    await user.selectOptions(person, 'Kofi Fixer (BME-2001)');
    await waitFor(() => expect(window.location.search).toBe('?person=kofi'));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await waitFor(() => expect(window.location.search).toBe('?person=kofi&from=2026-03-01'));
    await waitFor(() => expect(asked.at(-1)).toBe('person=kofi&from=2026-03-01'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByLabelText('Person')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('names the device of the address, and Any device drops it', async () => {
    const asked = trail(() => ({ rows: [row(1)], next: null }));
    apiServer.use(
      http.get(api('/equipment/device-1'), () =>
        HttpResponse.json({ _id: 'device-1', name: 'Patient Monitor', serialNumber: 'PM-1' }),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<AuditTrailPage />, { user: engineer, path: '/audit?equipment=device-1' });
    expect(await screen.findByText('Patient Monitor (PM-1)')).toBeInTheDocument();
    expect(asked[0]).toBe('equipment=device-1');
    await user.click(screen.getByRole('button', { name: 'Any device' }));
    expect(await screen.findByLabelText('Device')).toHaveAttribute('placeholder', 'Name or serial number');
    expect(window.location.search).toBe('');
  });

  it('tells a Technician it is not for their role, and asks nothing', async () => {
    const asked = trail(() => ({ rows: [], next: null }));
    await renderScreen(<AuditTrailPage />, { user: staffFixture({ role: 'Technician' }), path: '/audit' });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    expect(screen.getByText('Not available to your role')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
