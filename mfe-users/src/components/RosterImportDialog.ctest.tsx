import type { ApiErrorBody, RosterImportPreview, RosterImportResult } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { chosenFile, signedInFixture } from '@caliber/web-testing/people';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RosterImportDialog } from './RosterImportDialog';

const CSV = 'Service Number,Name,Phone Number\nBME-3001,Ama Boateng,+15550103001\nBME-3002,,+15550103002\n';

const preview: RosterImportPreview = {
  rows: [
    { line: 2, serviceNumber: 'BME-3001', name: 'Ama Boateng', action: 'add', changes: [], errors: [] },
    {
      line: 3,
      serviceNumber: 'BME-3002',
      name: '',
      action: 'refused',
      changes: [],
      errors: ['Name is required.'],
    },
  ],
  summary: { add: 1, change: 0, unchanged: 0, refused: 1 },
};

async function chooseRoster(onImported = jest.fn()) {
  const user = userEvent.setup();
  await renderScreen(<RosterImportDialog onClose={jest.fn()} onImported={onImported} />, {
    user: signedInFixture(),
    path: '/users',
  });
  await user.upload(screen.getByLabelText(/Roster file/), chosenFile(CSV, 'roster.csv'));
  return { user, onImported };
}

describe('Import roster', () => {
  it('previews the file, row by row, and applies the same file', async () => {
    // What each call sent: its file's name (the query) and its body's type. (jsdom's File is not
    // the Blob Node's fetch streams, so the bytes themselves are checked where a real body is sent:
    // the integration and browser tests.)
    const sent: { fileName: string | null; type: string | null }[] = [];
    const record = (request: Request) =>
      sent.push({
        fileName: new URL(request.url).searchParams.get('fileName'),
        type: request.headers.get('content-type'),
      });
    apiServer.use(
      http.post(api('/users/import/preview'), ({ request }) => {
        record(request);
        return HttpResponse.json(preview);
      }),
      http.post(api('/users/import'), ({ request }) => {
        record(request);
        return HttpResponse.json({
          ...preview,
          applied: { added: 1, changed: 0 },
        } satisfies RosterImportResult);
      }),
    );
    const { user, onImported } = await chooseRoster();
    expect(await screen.findByText('1 to add, 0 to change, 0 unchanged, 1 refused')).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Line 3' }).textContent).toContain('Name is required.');
    await user.click(screen.getByRole('button', { name: 'Apply 1 row' }));
    await waitFor(() =>
      expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ applied: { added: 1, changed: 0 } })),
    );
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    // The file itself is the body, its name in the query: no base64, no JSON.
    expect(sent[0]).toEqual({ fileName: 'roster.csv', type: 'application/octet-stream' });
  });

  it('refuses a file that is not a roster before sending it', async () => {
    // A browser's file dialog may still offer any file (its "All files" choice).
    const user = userEvent.setup({ applyAccept: false });
    await renderScreen(<RosterImportDialog onClose={jest.fn()} onImported={jest.fn()} />, {
      user: signedInFixture(),
      path: '/users',
    });
    await user.upload(screen.getByLabelText(/Roster file/), chosenFile('hello', 'notes.txt', 'text/plain'));
    expect(await screen.findByText('The roster file must be .xlsx or .csv.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
  });

  it('offers Retry when the check failed, and keeps a failed apply said while the rows are checked again', async () => {
    let previews = 0;
    apiServer.use(
      http.post(api('/users/import/preview'), () => {
        previews += 1;
        if (previews === 1)
          return HttpResponse.json(
            {
              statusCode: 503,
              code: 'SERVICE_UNAVAILABLE',
              message: 'The roster service is not answering.',
            } satisfies ApiErrorBody,
            {
              status: 503,
            },
          );
        return HttpResponse.json(preview);
      }),
      http.post(api('/users/import'), () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'A person on the roster changed meanwhile.',
          } satisfies ApiErrorBody,
          {
            status: 409,
          },
        ),
      ),
    );
    const { user, onImported } = await chooseRoster();
    expect(await screen.findByText(/The roster service is not answering\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Apply 1 row' }));
    expect(await screen.findByText('A person on the roster changed meanwhile.')).toBeTruthy();
    await waitFor(() => expect(previews).toBe(3));
    expect(await screen.findByText('1 to add, 0 to change, 0 unchanged, 1 refused')).toBeTruthy();
    expect(screen.getByText('A person on the roster changed meanwhile.')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });
});
