// The live-event cache hook of @caliber/web, tested here beside TestLiveEvents: a test inside
// libs/web importing this library would make the two depend on each other.
import type { LiveEventPayloads } from '@caliber/contracts';
import { invalidates, LiveEventSourceProvider, useLiveQueryUpdates, userKeys } from '@caliber/web';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { TestLiveEvents } from './live-events';

function Roster({ onRead }: { onRead(): string[] }) {
  const client = useQueryClient();
  useLiveQueryUpdates(client, {
    'user:changed': invalidates(userKeys.all),
    // A rule reads the typed payload: here the status a device moved to.
    'equipment:statusChanged': ({ equipment, to }, cache) =>
      cache.setQueryData(['equipment', equipment._id, 'status'], to),
  });
  const { data } = useQuery({ queryKey: userKeys.list('page=1'), queryFn: () => Promise.resolve(onRead()) });
  const status = useQuery<string>({ queryKey: ['equipment', 'e1', 'status'], queryFn: () => 'Serviceable' });
  return (
    <p>
      {data?.join(', ') ?? 'Loading'} / {status.data ?? '…'}
    </p>
  );
}

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const live = new TestLiveEvents();
  let reads = 0;
  const onRead = () => (++reads === 1 ? ['Kofi Darko'] : ['Kofi Darko', 'Ama Owusu']);
  const view = render(
    <QueryClientProvider client={client}>
      <LiveEventSourceProvider source={live}>
        <Roster onRead={onRead} />
      </LiveEventSourceProvider>
    </QueryClientProvider>,
  );
  return { live, view, reads: () => reads };
}

describe('useLiveQueryUpdates', () => {
  it('asks again the queries a live event invalidates', async () => {
    const { live, reads } = setUp();
    expect(await screen.findByText('Kofi Darko / Serviceable')).toBeInTheDocument();
    act(() => live.emit('user:changed', { userId: 'u2' }));
    expect(await screen.findByText('Kofi Darko, Ama Owusu / Serviceable')).toBeInTheDocument();
    expect(reads()).toBe(2);
  });

  it("updates a cached answer from the event's payload, without asking", async () => {
    const { live, reads } = setUp();
    await screen.findByText('Kofi Darko / Serviceable');
    // Only its id matters to the rule.
    const equipment = { _id: 'e1' } as LiveEventPayloads['equipment:statusChanged']['equipment'];
    act(() => live.emit('equipment:statusChanged', { equipment, from: 'Serviceable', to: 'Unserviceable' }));
    expect(await screen.findByText('Kofi Darko / Unserviceable')).toBeInTheDocument();
    expect(reads()).toBe(1);
  });

  it('stops listening when the screen closes', async () => {
    const { live, view } = setUp();
    await screen.findByText('Kofi Darko / Serviceable');
    expect(live.count('user:changed')).toBe(1);
    view.unmount();
    expect(live.count('user:changed')).toBe(0);
    expect(live.count('equipment:statusChanged')).toBe(0);
  });
});
