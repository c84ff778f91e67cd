import type { ApiErrorBody, RecallDetail } from '@caliber/contracts';
import { Route, Routes } from '@caliber/web';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { personFixture } from '@caliber/web-testing/people';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { recallAction, recallDetail } from '../utils/recall.fixture';
import { RecallPage } from './RecallPage';

const page = (
  <Routes>
    <Route path="/equipment/recalls/:id" element={<RecallPage />} />
  </Routes>
);

describe('A recall', () => {
  it('shows loading, then the notice and each device it found', async () => {
    apiServer.use(
      http.get(api('/recalls/rc-1'), () => HttpResponse.json(recallDetail({ actions: [recallAction()] }))),
    );
    await renderScreen(page, { user: engineer, path: '/equipment/recalls/rc-1' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading recall…');
    expect(
      await screen.findByRole('heading', { name: 'Infusion pumps may stop without alarm', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('SN0099 to SN0150')).toBeInTheDocument();
    const action = screen.getByRole('listitem', { name: 'Infusion pump 1' });
    expect(within(action).getByRole('button', { name: 'Close with a decision' })).toBeDisabled();
  });

  it('a Technician reads the actions and cannot close them', async () => {
    apiServer.use(
      http.get(api('/recalls/rc-1'), () => HttpResponse.json(recallDetail({ actions: [recallAction()] }))),
    );
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
          : HttpResponse.json(recallDetail());
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
    let recall: RecallDetail = recallDetail({ actions: [recallAction()] });
    const sent: unknown[] = [];
    apiServer.use(
      http.get(api('/recalls/rc-1'), () => HttpResponse.json(recall)),
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
        recall = recallDetail({
          state: 'closed',
          closed: 3,
          actions: [recallAction({ state: 'closed', closedWith: 'decision', decision: body.decision })],
        });
        return HttpResponse.json(recall.actions[0]);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(page, { user: engineer, path: '/equipment/recalls/rc-1' });
    const action = await screen.findByRole('listitem', { name: 'Infusion pump 1' });
    await user.type(within(action).getByLabelText('Decision'), 'Checked.');
    await user.click(within(action).getByRole('button', { name: 'Close with a decision' }));
    expect(await within(action).findByRole('alert')).toHaveTextContent(
      'The decision needs at least 20 characters.',
    );

    await user.type(within(action).getByLabelText('Decision'), ' The serial is outside the range.');
    await user.click(within(action).getByRole('button', { name: 'Close with a decision' }));
    expect(await screen.findByText('Checked. The serial is outside the range.')).toBeInTheDocument();
    expect(screen.getByText('3 of 3 devices closed')).toBeInTheDocument();
    expect(sent).toEqual([
      { closeWith: 'decision', decision: 'Checked.', version: 1 },
      { closeWith: 'decision', decision: 'Checked. The serial is outside the range.', version: 1 },
    ]);
  });
});
