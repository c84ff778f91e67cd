import { SOCKET_SETTINGS, type EquipmentChangedEvent, type EquipmentListResponse } from '@caliber/contracts';
import { io, type Socket } from 'socket.io-client';

export interface FanOutResult {
  sockets: number;
  changes: number;
  /** Receipts counted (sockets × changes); fewer means some sockets missed a change. */
  received: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function connect(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(baseUrl, {
    path: SOCKET_SETTINGS.path,
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('socket:ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * An inventory change reaching `count` connected sockets: each change is made through the API
 * (an item's location), and every socket records when `equipment:updated` for it arrives. The
 * latency is from the item's `updatedAt` (written in the committing transaction) to receipt.
 */
export async function measureFanOut(
  baseUrl: string,
  token: string,
  count: number,
  changes = 20,
): Promise<FanOutResult> {
  const sockets: Socket[] = [];
  // Connected in batches, as browsers arriving over a few seconds would.
  for (let start = 0; start < count; start += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, count - start) }, () => connect(baseUrl, token)),
      )),
    );
  const latencies: number[] = [];
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  try {
    const list = (await (
      await fetch(`${baseUrl}/api/equipment?page=1&limit=1`, { headers })
    ).json()) as EquipmentListResponse;
    const item = list.equipment[0];
    if (!item) throw new Error('The fan-out benchmark needs an item in the inventory.');
    for (let change = 0; change < changes; change += 1) {
      const location = `Fan-out ${Date.now()}-${change}`;
      const arrivals = sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            const onUpdate = (event: EquipmentChangedEvent) => {
              if (event.equipment.location !== location) return;
              latencies.push(Date.now() - Date.parse(event.equipment.updatedAt));
              socket.off('equipment:updated', onUpdate);
              resolve();
            };
            socket.on('equipment:updated', onUpdate);
          }),
      );
      const answer = await fetch(`${baseUrl}/api/equipment/${item._id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ location }),
      });
      if (!answer.ok) throw new Error(`The change was refused: ${answer.status}`);
      await Promise.race([Promise.all(arrivals), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sockets: count,
    changes,
    received: latencies.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
