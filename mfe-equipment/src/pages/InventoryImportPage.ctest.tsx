import type {
  ApiErrorBody,
  InventoryImportDto,
  InventoryImportRowDto,
  InventoryImportRowsPage,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { chosenFile } from '@caliber/web-testing/people';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { InventoryImportPage } from './InventoryImportPage';

/** A staged file of 3,000 devices: 2,900 to add, 100 refused. */
const staged: InventoryImportDto = {
  _id: 'imp-1',
  fileName: 'devices.csv',
  state: 'previewed',
  dateOrder: 'DMY',
  dateOrderNote: 'Every ambiguous date reads as day first.',
  columnsRead: ['Serial Number', 'Name'],
  columnsIgnored: [],
  rows: 3000,
  summary: { add: 2900, update: 0, unchanged: 0, refused: 100 },
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-11-28T10:00:00.000Z',
  appliedAt: null,
  applied: null,
};

function row(line: number): InventoryImportRowDto {
  const refused = line % 30 === 0;
  return {
    line,
    action: refused ? 'refused' : 'add',
    serialNumber: `SN-${line}`,
    name: `Device ${line}`,
    equipmentId: null,
    changes: [],
    problems: refused ? [{ cell: `B${line}`, column: 'Name', message: 'Name is too long.' }] : [],
  };
}

/** `GET /inventory-imports/{id}/rows`: 50 a page, of one action or all. */
function rowsPage(request: Request): InventoryImportRowsPage {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get('page'));
  const action = params.get('action');
  const lines = Array.from({ length: 3000 }, (_, index) => index + 2).filter(
    (line) => !action || (action === 'refused') === (line % 30 === 0),
  );
  const rows = lines.slice((page - 1) * 50, page * 50).map(row);
  return { rows, total: lines.length, page, pages: Math.ceil(lines.length / 50), limit: 50 };
}

async function uploadFile(user: ReturnType<typeof userEvent.setup>) {
  await renderScreen(<InventoryImportPage />, { user: engineer, path: '/equipment/import' });
  await user.upload(
    screen.getByLabelText(/^Inventory file/),
    chosenFile('Serial Number,Name\nSN-2,Device 2\n', 'devices.csv'),
  );
  await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
}

describe('Import Inventory', () => {
  it('previews a staged file a page of rows at a time, by action, then applies it', async () => {
    // What the upload sent: its query and body type. (jsdom's File is not the Blob Node's fetch
    // streams, so the bytes themselves are checked where a real body is sent: the integration tests.)
    const sent: { query: Record<string, string>; type: string | null }[] = [];
    apiServer.use(
      http.post(api('/inventory-imports'), ({ request }) => {
        sent.push({
          query: Object.fromEntries(new URL(request.url).searchParams),
          type: request.headers.get('content-type'),
        });
        return HttpResponse.json(staged, { status: 201 });
      }),
      http.get(api('/inventory-imports/imp-1/rows'), async ({ request }) => {
        await delay(20);
        return HttpResponse.json(rowsPage(request));
      }),
      http.post(api('/inventory-imports/imp-1/apply'), () =>
        HttpResponse.json({ ...staged, state: 'applied', applied: { added: 2900, updated: 0 } }),
      ),
    );
    const user = userEvent.setup();
    await uploadFile(user);

    expect(await screen.findByRole('heading', { name: 'Check the preview' })).toHaveFocus();
    // The file itself is the body, its name and the date order in the query.
    expect(sent).toEqual([
      { query: { fileName: 'devices.csv', dateOrder: 'auto' }, type: 'application/octet-stream' },
    ]);
    const table = await screen.findByRole('table', { name: /^Each row of the file/ });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText(/Rows 1–50 of 3,000/)).toBeInTheDocument();
    const refused = within(table).getByRole('row', { name: 'Line 30' });
    expect(refused).toHaveTextContent('RefusedB30: Name is too long.');
    expect(refused).toHaveClass('ck-data-table__row--danger');

    await user.click(screen.getByRole('radio', { name: 'Refused (100)' }));
    await waitFor(() => expect(screen.getByText(/Rows 1–50 of 100/)).toBeInTheDocument());
    expect(within(screen.getByRole('table')).queryByRole('row', { name: 'Line 2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    const confirm = screen.getByRole('dialog', { name: 'Apply the import?' });
    await user.click(within(confirm).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('heading', { name: 'Import applied' })).toBeInTheDocument();
    expect(screen.getByText(/devices\.csv: 2,900 added, 0 updated\./)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What was done, row by row' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a file and lets another be chosen", async () => {
    apiServer.use(
      http.post(api('/inventory-imports'), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'The file has no Serial Number column.',
          } satisfies ApiErrorBody,
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    await uploadFile(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file has no Serial Number column.');
    expect(screen.getByRole('button', { name: 'Upload and preview' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Discard drops the staged import and returns to the file, even when it had already expired', async () => {
    apiServer.use(
      http.post(api('/inventory-imports'), () => HttpResponse.json(staged, { status: 201 })),
      http.get(api('/inventory-imports/imp-1/rows'), ({ request }) => HttpResponse.json(rowsPage(request))),
      http.delete(api('/inventory-imports/imp-1'), () =>
        HttpResponse.json(
          { statusCode: 404, code: 'NOT_FOUND', message: 'No such import.' } satisfies ApiErrorBody,
          { status: 404 },
        ),
      ),
    );
    const user = userEvent.setup();
    await uploadFile(user);
    await user.click(await screen.findByRole('button', { name: 'Discard and choose another file' }));
    expect(await screen.findByRole('heading', { name: 'Choose a file' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check the preview' })).not.toBeInTheDocument();
  });
});
