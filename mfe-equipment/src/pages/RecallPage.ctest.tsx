import type { ApiErrorBody, RecallActionDto, RecallDto } from '@caliber/contracts';
import { Route, Routes } from '@caliber/web';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { personFixture } from '@caliber/web-testing/people';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { recallAction, recallActionsPage, recallDetail } from '../utils/recall.fixture';
import { RecallPage } from './RecallPage';

const page = (
  <Routes>
    <Route path="/equipment/recalls/:id" element={<RecallPage />} />
  </Routes>
);

/** The notice and its one device, each answered as the service answers them. */
const withOneDevice = () => [
  http.get(api('/recalls/rc-1'), () => HttpResponse.json(recallDetail())),
  http.get(api('/recalls/rc-1/actions'), () => HttpResponse.json(recallActionsPage([recallAction()]))),
];

/** The notice's documents: none attached. */
const noDocuments = http.get(api('/recalls/rc-1/documents'), () =>
  HttpResponse.json({ items: [], total: 0, page: 1, pages: 0, limit: 20 }),
);

describe('A recall', () => {
  beforeEach(() => apiServer.use(noDocuments));

  it('shows loading, then the notice and each device it found', async () => {
    apiServer.use(...withOneDevice());
    await renderScreen(page, { user: engineer, path: '/equipment/recalls/rc-1' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading recall…');
    expect(
      await screen.findByRole('heading', { name: 'Infusion pumps may stop without alarm', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('SN0099 to SN0150')).toBeInTheDocument();
    // The devices arrive in their own answer, a page at a time.
    const action = await screen.findByRole('listitem', { name: 'Infusion pump 1' });
    expect(within(action).getByRole('button', { name: 'Close with a decision' })).toBeDisabled();
    // The notice's own documents, with the Engineer's button to add a copy.
    expect(await screen.findByText('No copy of the notice is attached yet.')).toBeInTheDocument();
  });

  it('a Technician reads the actions and cannot close them', async () => {
    apiServer.use(...withOneDevice());
    await renderScreen(page, {
      user: personFixture({ role: 'Technician' }),
      path: '/equipment/recalls/rc-1',
    });
    await screen.findByRole('listitem', { name: 'Infusion pump 1' });
    expect(screen.queryByRole('button', { name: 'Open a task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit notice' })).not.toBeInTheDocument();
  });

  it('a failure shows Retry, which loads the notice', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/recalls/rc-1'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { statusCode: 404, code: 'NOT_FOUND', message: 'No such recall.' } satisfies ApiErrorBody,
              { status: 404 },
            )
          : HttpResponse.json(recallDetail({ affected: 0, closed: 0 }));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(page, { user: engineer, path: '/equipment/recalls/rc-1' });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('No such recall.');
    expect(calls).toBe(1);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No device matches this notice')).toBeInTheDocument();
  });

  it("closes an action with a decision and reloads the notice; a refusal shows the server's words", async () => {
    let recall: RecallDto = recallDetail();
    let action: RecallActionDto = recallAction();
    const sent: unknown[] = [];
    apiServer.use(
      http.get(api('/recalls/rc-1'), () => HttpResponse.json(recall)),
      http.get(api('/recalls/rc-1/actions'), () => HttpResponse.json(recallActionsPage([action]))),
      http.put(api('/recall-actions/act-1'), async ({ request }) => {
        const body = (await request.json()) as { decision: string };
        sent.push(body);
        if (body.decision.length < 20)
          return HttpResponse.json(
            {
              statusCode: 400,
              code: 'VALIDATION_FAILED',
              message: 'The decision needs at least 20 characters.',
            } satisfies ApiErrorBody,
            { status: 400 },
          );
        recall = recallDetail({ state: 'closed', closed: 3 });
        action = recallAction({ state: 'closed', closedWith: 'decision', decision: body.decision });
        return HttpResponse.json(action);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(page, { user: engineer, path: '/equipment/recalls/rc-1' });
    const item = await screen.findByRole('listitem', { name: 'Infusion pump 1' });
    await user.type(within(item).getByLabelText('Decision'), 'Checked.');
    await user.click(within(item).getByRole('button', { name: 'Close with a decision' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'The decision needs at least 20 characters.',
    );

    await user.type(within(item).getByLabelText('Decision'), ' The serial is outside the range.');
    await user.click(within(item).getByRole('button', { name: 'Close with a decision' }));
    expect(await screen.findByText('Checked. The serial is outside the range.')).toBeInTheDocument();
    expect(screen.getByText('3 of 3 devices closed')).toBeInTheDocument();
    expect(sent).toEqual([
      { closeWith: 'decision', decision: 'Checked.', version: 1 },
      { closeWith: 'decision', decision: 'Checked. The serial is outside the range.', version: 1 },
    ]);
  });

  it('shows a notice of many devices a page at a time, moving page by page in the address', async () => {
    const device = (at: number) =>
      recallAction({
        _id: `act-${at}`,
        device: { ...recallAction().device, _id: `eq-${at}`, name: `Infusion pump ${at}` },
      });
    const asked: string[] = [];
    apiServer.use(
      http.get(api('/recalls/rc-1'), () => HttpResponse.json(recallDetail({ affected: 60, closed: 0 }))),
      http.get(api('/recalls/rc-1/actions'), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        asked.push(String(page));
        const first = (page - 1) * 25 + 1;
        const count = Math.min(25, 60 - first + 1);
        return HttpResponse.json(
          recallActionsPage(
            Array.from({ length: count }, (_, at) => device(first + at)),
            page,
            60,
          ),
        );
      }),
    );
    const user = userEvent.setup();
    await renderScreen(page, { user: engineer, path: '/equipment/recalls/rc-1' });
    expect(await screen.findByRole('listitem', { name: 'Infusion pump 1' })).toBeInTheDocument();
    const devices = screen.getByRole('list', { name: 'Affected devices' });
    expect(within(devices).getAllByRole('listitem', { name: /^Infusion pump/ })).toHaveLength(25);
    expect(screen.getByText('Showing 1-25 of 60 total, open ones first.')).toBeInTheDocument();

    const pager = screen.getByRole('navigation', { name: 'Affected device pages' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('listitem', { name: 'Infusion pump 26' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Infusion pump 1' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 26-50 of 60 total, open ones first.')).toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('listitem', { name: 'Infusion pump 60' })).toBeInTheDocument();
    expect(asked).toEqual(['1', '2', '3']);
  });

  it('says when a notice repeats one recorded first, with a link to it', async () => {
    apiServer.use(
      http.get(api('/recalls/rc-1'), () =>
        HttpResponse.json(recallDetail({ duplicateOf: 'rc-0', affected: 0, closed: 0 })),
      ),
    );
    await renderScreen(page, { user: engineer, path: '/equipment/recalls/rc-1' });
    expect(
      await screen.findByText(/This notice repeats one recorded earlier with the same source and reference/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the first record' })).toHaveAttribute(
      'href',
      '/equipment/recalls/rc-0',
    );
  });
});
