import type { ApiErrorBody, RecallDto, RecallNoticeRequest, RecallPreview } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { recallDetail } from '../utils/recall.fixture';
import { NewRecallPage } from './NewRecallPage';

type User = ReturnType<typeof userEvent.setup>;

async function fillNotice(user: User) {
  await user.type(screen.getByLabelText(/^Source reference/), 'Z-0042-2026');
  await user.type(screen.getByLabelText(/^Title/), 'Pumps may stop without alarm');
  await user.type(screen.getByLabelText(/^Date published/), '2026-02-01');
  await user.type(screen.getByLabelText(/^Manufacturer/), 'Sigma Medical');
  await user.type(screen.getByLabelText(/^Models/), 'Spectrum');
  await user.type(screen.getByLabelText(/^Hazard/), 'The pump may stop infusing.');
  await user.type(screen.getByLabelText(/^Action required/), 'Install the update.');
}

const preview = (total: number, warning: string | null = null): RecallPreview => ({
  total,
  warning,
  devices: Array.from({ length: Math.min(total, 2) }, (_, index) => ({
    _id: `eq-${index + 1}`,
    name: `Infusion pump ${index + 1}`,
    serialNumber: `SN-${index + 1}`,
    model: 'Spectrum',
    department: 'ICU',
  })),
});

describe('New recall or safety notice', () => {
  it("refuses an empty check: each required field says why in the contract's words, the first is focused", async () => {
    let asked = 0;
    apiServer.use(
      http.post(api('/recalls/preview'), () => {
        asked += 1;
        return HttpResponse.json(preview(0));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<NewRecallPage />, { user: engineer, path: '/equipment/recalls/new' });
    expect(screen.getByRole('button', { name: 'Save notice' })).toBeDisabled();
    expect(screen.getByText('Check the matching devices before saving.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check matching devices' }));

    const reference = screen.getByLabelText(/^Source reference/);
    await waitFor(() => expect(reference).toHaveFocus());
    expect(reference).toHaveAccessibleDescription(expect.stringContaining('Source reference is required.'));
    expect(screen.getByLabelText(/^Models/)).toHaveAccessibleDescription(
      expect.stringContaining('Name at least one model.'),
    );
    expect(screen.getByLabelText(/^Serial numbers/)).not.toHaveAttribute('aria-invalid');
    expect(asked).toBe(0);
  });

  it('checks the matching devices, offers Save only for the notice as checked, then saves it', async () => {
    const sent: RecallNoticeRequest[] = [];
    const saved: RecallNoticeRequest[] = [];
    apiServer.use(
      http.post(api('/recalls/preview'), async ({ request }) => {
        sent.push((await request.json()) as RecallNoticeRequest);
        return HttpResponse.json(
          preview(
            3,
            'The notice lists no serial numbers and no lots: it applies to every device of these models.',
          ),
        );
      }),
      http.post(api('/recalls'), async ({ request }) => {
        saved.push((await request.json()) as RecallNoticeRequest);
        return HttpResponse.json(recallDetail({ _id: 'rc-9' }) satisfies RecallDto, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<NewRecallPage />, { user: engineer, path: '/equipment/recalls/new' });
    await fillNotice(user);
    await user.click(screen.getByRole('button', { name: 'Check matching devices' }));

    const matching = await screen.findByRole('region', { name: 'Matching devices' });
    expect(matching).toHaveTextContent('3 devices match this notice.');
    expect(matching).toHaveTextContent('it applies to every device of these models');
    expect(within(matching).getAllByRole('listitem')).toHaveLength(2);
    expect(matching).toHaveTextContent('The first 2 are listed; all 3 get an action when saved.');
    expect(sent).toEqual([expect.objectContaining({ models: ['Spectrum'], serialNumbers: [], udiDi: null })]);

    // A change asks for a new check first.
    const save = screen.getByRole('button', { name: 'Save notice' });
    expect(save).toBeEnabled();
    await user.type(screen.getByLabelText(/^Models/), '\nSpectrum IQ');
    expect(save).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Matching devices' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check matching devices' }));
    await screen.findByRole('region', { name: 'Matching devices' });
    await user.click(save);
    await waitFor(() => expect(window.location.pathname).toBe('/equipment/recalls/rc-9'));
    expect(saved).toEqual([expect.objectContaining({ models: ['Spectrum', 'Spectrum IQ'] })]);
  });

  it("shows the server's refusal of the save above the form, its field under that field, and opens the notice on record", async () => {
    apiServer.use(
      http.post(api('/recalls/preview'), () => HttpResponse.json(preview(0))),
      http.post(api('/recalls'), () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'A notice FDA Z-0042-2026 is already recorded.',
            details: [{ path: 'sourceReference', message: 'Already recorded.' }],
            existingId: 'rc-1',
          } satisfies ApiErrorBody,
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<NewRecallPage />, { user: engineer, path: '/equipment/recalls/new' });
    await fillNotice(user);
    await user.click(screen.getByRole('button', { name: 'Check matching devices' }));
    expect(await screen.findByText(/No device of the inventory matches this notice now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save notice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A notice FDA Z-0042-2026 is already recorded.',
    );
    expect(screen.getByLabelText(/^Source reference/)).toHaveAccessibleDescription(
      expect.stringContaining('Already recorded.'),
    );
    expect(window.location.pathname).toBe('/equipment/recalls/new');
    await user.click(
      within(screen.getByRole('alert')).getByRole('link', { name: 'Open the recorded notice' }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/equipment/recalls/rc-1'));
  });
});
