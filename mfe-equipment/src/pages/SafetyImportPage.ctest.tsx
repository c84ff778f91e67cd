import type {
  ApiErrorBody,
  SafetyImportApplied,
  SafetyImportPreview,
  SafetyImportRow,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { chosenFile } from '@caliber/web-testing/people';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { SafetyImportPage } from './SafetyImportPage';

/** An analyser export of `count` tests: every tenth row's device is not in the inventory. */
function previewOf(count: number): SafetyImportPreview {
  const rows: SafetyImportRow[] = Array.from({ length: count }, (_, index) => {
    const line = index + 2;
    const refused = index % 10 === 9;
    return {
      line,
      serialNumber: `SN-${line}`,
      outcome: refused ? 'refused' : 'import',
      reason: refused ? `No device of the inventory has serial number SN-${line}.` : null,
      equipment: refused
        ? null
        : {
            _id: `eq-${line}`,
            name: `Infusion pump ${line}`,
            serialNumber: `SN-${line}`,
            department: 'ICU',
            category: 'Pumps',
          },
      testedOn: '2026-11-02',
      result: refused ? null : 'Pass',
      analyserResult: refused ? null : 'Pass',
      disagrees: false,
      failed: [],
    };
  });
  const refused = rows.filter((row) => row.outcome === 'refused').length;
  return {
    format: 'fluke-ansur',
    formatName: 'Fluke Biomedical ESA615 / Ansur (modelled)',
    rows,
    importable: count - refused,
    refused,
    failing: 0,
  };
}

const csv = () => chosenFile('Serial,Date\nSN-2,2026-11-02\n', 'fluke-export.csv');

async function chooseAndCheck(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Analyser export (.csv)'), csv());
  await user.click(screen.getByRole('button', { name: 'Check file' }));
}

describe('Import safety tests', () => {
  it('asks for a file before checking one', async () => {
    const user = userEvent.setup();
    await renderScreen(<SafetyImportPage />, { user: engineer, path: '/equipment/safety-tests/import' });
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the analyser export (.csv) first.');
  });

  it('previews a file of 3,000 tests drawing only a window of its rows, then imports them', async () => {
    const preview = previewOf(3000);
    // What each call sent: its query and body type. (jsdom's File is not the Blob Node's fetch
    // streams, so the bytes themselves are checked where a real body is sent: the integration tests.)
    const sent: { query: Record<string, string>; type: string | null }[] = [];
    const received = async (request: Request) => {
      sent.push({
        query: Object.fromEntries(new URL(request.url).searchParams),
        type: request.headers.get('content-type'),
      });
    };
    apiServer.use(
      http.post(api('/safety-tests/imports/preview'), async ({ request }) => {
        await received(request);
        return HttpResponse.json(preview);
      }),
      http.post(api('/safety-tests/imports/apply'), async ({ request }) => {
        await received(request);
        return HttpResponse.json({
          ...preview,
          imported: 2700,
          repairTasks: 0,
        } satisfies SafetyImportApplied);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<SafetyImportPage />, { user: engineer, path: '/equipment/safety-tests/import' });
    await chooseAndCheck(user);

    expect(
      await screen.findByText(
        'Fluke Biomedical ESA615 / Ansur (modelled): 2,700 tests will be imported (0 of them failed); 300 rows will not.',
      ),
    ).toHaveAttribute('role', 'status');
    // The file itself is the body, its name and the Repair-task choice in the query: no base64, no JSON.
    expect(sent).toEqual([
      {
        query: { fileName: 'fluke-export.csv', openRepairTasks: 'true' },
        type: 'application/octet-stream',
      },
    ]);
    const table = screen.getByRole('table', { name: 'Rows of the analyser file' });
    expect(table).toHaveAttribute('aria-rowcount', '3001');
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeLessThan(50);
    expect(within(table).getByRole('row', { name: 'Line 2' })).toHaveTextContent('Will be imported');
    const refused = within(table).getByRole('row', { name: 'Line 11' });
    expect(refused).toHaveTextContent('No device of the inventory has serial number SN-11.');
    expect(refused).toHaveClass('ck-data-table__row--danger');
    expect(within(table).queryByRole('row', { name: 'Line 3001' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 2,700 tests' }));
    expect(await screen.findByRole('heading', { name: 'Imported' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '2,700 tests imported from the Fluke Biomedical ESA615 / Ansur (modelled) file; 0 Repair tasks opened. 300 rows were not imported.',
    );
    expect(screen.getByRole('row', { name: 'Line 2' })).toHaveTextContent('Imported');
    expect(sent.map((call) => call.query)).toEqual([
      { fileName: 'fluke-export.csv', openRepairTasks: 'true' },
      { fileName: 'fluke-export.csv', openRepairTasks: 'true' },
    ]);
  });

  it("shows the server's refusal of the import and keeps the preview to try again", async () => {
    apiServer.use(
      http.post(api('/safety-tests/imports/preview'), () => HttpResponse.json(previewOf(3))),
      http.post(api('/safety-tests/imports/apply'), () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Another import of this file is under way.',
          } satisfies ApiErrorBody,
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<SafetyImportPage />, { user: engineer, path: '/equipment/safety-tests/import' });
    await chooseAndCheck(user);
    await user.click(await screen.findByRole('button', { name: 'Import 3 tests' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another import of this file is under way.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 3 tests' })).toBeEnabled();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });
});
