import type { ApiErrorBody } from '@caliber/contracts';
import { apiQuery, configureApi, errorMessage } from '@caliber/web';
import { api, API_BASE, apiServer } from '@caliber/web-testing/api-server';
import { testQueryClient } from '@caliber/web-testing/harness';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { Combobox, type ComboboxSearch, type ComboboxTexts } from './Combobox';

interface Device {
  id: string;
  name: string;
  ward: string;
}

const devices: Device[] = [
  { id: 'd1', name: 'Infusion pump 1', ward: 'ICU' },
  { id: 'd2', name: 'Infusion pump 2', ward: 'NICU' },
  { id: 'd3', name: 'Ventilator', ward: 'ICU' },
];

function search(q: string): ComboboxSearch<Device> {
  const read = apiQuery<{ devices: Device[]; total: number }>(`/devices?q=${encodeURIComponent(q)}`);
  return {
    queryKey: ['devices', 'search', q],
    queryFn: async (context) => {
      const answer = await read(context);
      return { items: answer.devices, total: answer.total };
    },
  };
}

const texts: ComboboxTexts = {
  searching: 'Searching…',
  empty: (query) => (query ? `No device matches "${query}".` : 'No devices.'),
  failed: (error) => errorMessage(error, 'Failed to load devices'),
  more: (shown, total) => `Showing ${shown} of ${total}.`,
  found: (count) => `${count} found.`,
  toggle: (open) => (open ? 'Hide devices' : 'Show devices'),
};

/** The questions the server was asked, by their `q`. */
let asked: string[] = [];

function answerDevices(total?: number) {
  apiServer.use(
    http.get(api('/devices'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      const found = devices.filter((device) => device.name.toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json({ devices: found, total: total ?? found.length });
    }),
  );
}

function Form({ onChange, error }: { onChange?(value: Device | null): void; error?: string }) {
  const [value, setValue] = useState<Device | null>(null);
  return (
    <div role="dialog" aria-label="Form" onKeyDown={(event) => event.key === 'Escape' && escaped()}>
      <Combobox<Device>
        label="Device"
        name="deviceId"
        value={value}
        onChange={(chosen) => {
          setValue(chosen);
          onChange?.(chosen);
        }}
        search={search}
        itemKey={(device) => device.id}
        itemLabel={(device) => device.name}
        itemDetail={(device) => device.ward}
        texts={texts}
        hint="Type its name"
        error={error}
        required
      />
      <output aria-label="Chosen">{value?.id ?? 'none'}</output>
    </div>
  );
}

const escaped = jest.fn();

function renderForm(props: Parameters<typeof Form>[0] = {}) {
  configureApi({ baseUrl: API_BASE });
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <Form {...props} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  asked = [];
  escaped.mockClear();
});

// Each test types a whole form key by key (and waits out the search's pause): on a busy machine
// that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

describe('Combobox', () => {
  it('is framed like a kit field: label, hint and error read with the input, marked invalid and required', () => {
    answerDevices();
    renderForm({ error: 'Choose a device.' });
    const input = screen.getByRole('combobox', { name: 'Device' });
    expect(input).toHaveAccessibleDescription('Type its name Choose a device.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('name', 'deviceId');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches the server once typing pauses, and a keyboard choice fills the input and closes the list', async () => {
    answerDevices();
    const chosen = jest.fn();
    const user = userEvent.setup();
    renderForm({ onChange: chosen });
    const input = screen.getByRole('combobox', { name: 'Device' });
    await user.type(input, 'pump');

    // React Aria names the list 'Suggestions' and the field's label.
    const listbox = await screen.findByRole('listbox', { name: /Device/ });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.getByRole('option', { name: /Infusion pump 1/ })).toHaveTextContent('ICU');
    expect(screen.getByRole('status')).toHaveTextContent('2 found.');
    // Only the settled text was asked, not every keystroke.
    expect(asked).toEqual(['pump']);
    expect(listbox).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /Infusion pump 1/ }).id,
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Infusion pump 2');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(chosen).toHaveBeenLastCalledWith(devices[1]);
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('d2');

    // Typing again clears the choice until another is made.
    await user.type(input, 'x');
    expect(chosen).toHaveBeenLastCalledWith(null);
  });

  it('says when nothing matches, and Enter then chooses nothing', async () => {
    answerDevices();
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByRole('combobox', { name: 'Device' });
    await user.type(input, 'scanner');
    expect(await screen.findByText('No device matches "scanner".')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('none');
  });

  it('says how many of the matches it shows when the server has more', async () => {
    answerDevices(57);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('combobox', { name: 'Device' }), 'i');
    expect(await screen.findByText('Showing 3 of 57.')).toBeInTheDocument();
  });

  it('shows a failed search at once, with the server’s message, without asking again', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/devices'), () => {
        calls += 1;
        return HttpResponse.json(
          {
            statusCode: 503,
            code: 'SERVICE_UNAVAILABLE',
            message: '',
            requestId: 'req-9',
          } satisfies ApiErrorBody,
          { status: 503 },
        );
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('combobox', { name: 'Device' }), 'pump');
    expect(await screen.findByText(/^Failed to load devices/)).toHaveTextContent(
      'Failed to load devices Reference: req-9',
    );
    expect(calls).toBe(1);
  });

  it('a chosen item the first matches do not hold is offered first, and Escape still closes the list', async () => {
    apiServer.use(
      http.get(api('/devices'), ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        // The first matches of nothing typed: the chosen pump is not among them.
        const found = q ? devices.filter((item) => item.name.includes(q)) : [devices[2] as Device];
        return HttpResponse.json({ devices: found, total: q ? found.length : 40 });
      }),
    );
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByRole('combobox', { name: 'Device' });
    await user.type(input, 'pump 2');
    await screen.findByRole('option', { name: /Infusion pump 2/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Infusion pump 2');

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: /Ventilator/ });
    expect(screen.getAllByRole('option').map((option) => option.id.replace(/.*-option-/, ''))).toEqual([
      'd2',
      'd3',
    ]);
    expect(screen.getByText('Showing 1 of 40.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Infusion pump 2');
    expect(escaped).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('d2');
  });

  it('Escape closes a list opened on a choice while its first matches are still on their way', async () => {
    apiServer.use(
      http.get(api('/devices'), async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        if (!q) await delay(400);
        const found = q ? devices.filter((item) => item.name.includes(q)) : [devices[2] as Device];
        return HttpResponse.json({ devices: found, total: found.length });
      }),
    );
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByRole('combobox', { name: 'Device' });
    await user.type(input, 'pump 2');
    await screen.findByRole('option', { name: /Infusion pump 2/ });
    await user.keyboard('{ArrowDown}{Enter}');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // It stays closed once the answer comes.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Infusion pump 2');
    expect(escaped).not.toHaveBeenCalled();
  });

  it('Escape closes the open list without reaching the dialog; on a settled field it reaches it', async () => {
    answerDevices();
    const user = userEvent.setup();
    renderForm();
    const input = screen.getByRole('combobox', { name: 'Device' });
    await user.click(screen.getByRole('button', { name: /^Show devices/ }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // The list is drawn inside the field, so it is part of a dialog around it.
    expect(within(screen.getByRole('dialog')).getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveValue('Infusion pump 1');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(escaped).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(escaped).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('Infusion pump 1');
  });
});
