import type { ApiErrorBody, RecordWorkRequest, TaskDto } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { task } from '../utils/task.fixture';
import { viewer } from '../utils/viewer.fixture';
import { WorkDetailsModal } from './WorkDetailsModal';

const technician = viewer('Technician');
const recorded = task({
  _id: 't1',
  title: 'Replace the battery',
  version: 7,
  faultDescription: 'Battery flat',
});

// Each test types a whole form key by key (and waits out the search's pause): on a busy machine
// that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

describe('Work details', () => {
  it('starts with what the task records and lists each spare-parts line that is not a part; such a form is not sent', async () => {
    let calls = 0;
    apiServer.use(
      http.put(api('/tasks/t1/work'), () => {
        calls += 1;
        return HttpResponse.json(recorded);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<WorkDetailsModal task={recorded} onClose={jest.fn()} onSaved={jest.fn()} />, {
      user: technician,
    });
    const dialog = screen.getByRole('dialog', { name: 'Work details: Replace the battery' });
    expect(within(dialog).getByLabelText('Fault Description')).toHaveValue('Battery flat');
    const parts = within(dialog).getByLabelText('Spare Parts Used');
    await user.type(parts, 'Battery pack x 1 - main{Enter}Fuse x 0');
    expect(parts).toHaveAttribute('aria-invalid', 'true');
    const preview = within(dialog).getByRole('region', { name: 'Spare parts preview' });
    expect(within(preview).getAllByRole('listitem')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Save Work Details' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Correct the spare parts lines shown below before saving.',
    );
    expect(parts).toHaveFocus();
    expect(calls).toBe(0);
  });

  it('labour hours out of range show the contract’s message under the field and above the form', async () => {
    const user = userEvent.setup();
    await renderScreen(<WorkDetailsModal task={recorded} onClose={jest.fn()} onSaved={jest.fn()} />, {
      user: technician,
    });
    const hours = screen.getByLabelText('Labour Hours');
    await user.type(hours, '5000');
    await user.click(screen.getByRole('button', { name: 'Save Work Details' }));
    const alert = await screen.findByRole('alert');
    expect(hours).toHaveFocus();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(hours.getAttribute('aria-describedby')).toBeTruthy();
    expect(hours).toHaveAccessibleDescription(expect.stringContaining(alert.textContent ?? '—'));
  });

  it('saves the record with the task’s version and hands back the task as saved', async () => {
    const sent: RecordWorkRequest[] = [];
    const saved: TaskDto = { ...recorded, version: 8, repairDetails: 'New battery fitted' };
    apiServer.use(
      http.put(api('/tasks/t1/work'), async ({ request }) => {
        sent.push((await request.json()) as RecordWorkRequest);
        return HttpResponse.json(saved);
      }),
    );
    const onSaved = jest.fn();
    const user = userEvent.setup();
    await renderScreen(<WorkDetailsModal task={recorded} onClose={jest.fn()} onSaved={onSaved} />, {
      user: technician,
    });
    await user.type(screen.getByLabelText('Repair Details'), 'New battery fitted');
    await user.type(screen.getByLabelText('Spare Parts Used'), 'Battery pack x 1 - main');
    await user.type(screen.getByLabelText('Labour Hours'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save Work Details' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent).toEqual([
      {
        faultDescription: 'Battery flat',
        repairDetails: 'New battery fitted',
        sparePartsUsed: [{ name: 'Battery pack', quantity: 1, description: 'main' }],
        labourHours: 1.5,
        version: 7,
      },
    ]);
  });

  it('a refusal of the server shows its message; the dialog stays open with what was typed', async () => {
    apiServer.use(
      http.put(api('/tasks/t1/work'), () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Someone changed this task meanwhile: check it and save again.',
          } satisfies ApiErrorBody,
          { status: 409 },
        ),
      ),
    );
    const onSaved = jest.fn();
    const user = userEvent.setup();
    await renderScreen(<WorkDetailsModal task={recorded} onClose={jest.fn()} onSaved={onSaved} />, {
      user: technician,
    });
    await user.type(screen.getByLabelText('Repair Details'), 'New battery fitted');
    await user.click(screen.getByRole('button', { name: 'Save Work Details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone changed this task meanwhile: check it and save again.',
    );
    expect(screen.getByLabelText('Repair Details')).toHaveValue('New battery fitted');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
