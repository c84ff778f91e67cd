import { connectDetached } from './nats-connection';
import { currentRequestId, runWithRequestId } from './request-context';

describe('connecting a NATS client during a request', () => {
  it('connects outside the request, so the connection keeps no request id', async () => {
    const seen: (string | undefined)[] = [];
    const client = {
      connect: () => {
        seen.push(currentRequestId());
        return Promise.resolve('connected');
      },
    };
    await runWithRequestId('request-abc', async () => {
      expect(await connectDetached(client)).toBe('connected');
      // The request's own work still has its id afterwards.
      expect(currentRequestId()).toBe('request-abc');
    });
    expect(seen).toEqual([undefined]);
  });
});
