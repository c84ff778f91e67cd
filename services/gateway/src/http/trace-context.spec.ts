import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dropUntrustedTraceContext, trustedNetworks } from './trace-context';

const TRACEPARENT = '00-0123456789abcdef0123456789abcdef-0123456789abcdef-01';

/** A server that answers with the headers it was given, behind the trace-context filter. */
async function echoServer(trusted: string[] | null): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(request.headers));
  });
  dropUntrustedTraceContext(server, trusted ? trustedNetworks(trusted) : null);
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function headersSeen(host: string, port: number): Promise<IncomingHttpHeaders> {
  const answer = await fetch(`http://${host}:${port}/api/equipment`, {
    headers: { traceparent: TRACEPARENT, tracestate: 'vendor=1', 'x-request-id': 'kept' },
  });
  return (await answer.json()) as IncomingHttpHeaders;
}

describe('a caller’s trace context', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));
  const start = async (trusted: string[] | null) => {
    const running = await echoServer(trusted);
    servers.push(running.server);
    return running.port;
  };

  it('is dropped before the request is seen when no network is trusted (the default)', async () => {
    const seen = await headersSeen('127.0.0.1', await start(null));
    expect(seen['traceparent']).toBeUndefined();
    expect(seen['tracestate']).toBeUndefined();
    expect(seen['x-request-id']).toBe('kept');
  });

  it('is kept from a trusted network, an IPv4 caller of a dual-stack listener included', async () => {
    const port = await start(['127.0.0.0/8']);
    expect(await headersSeen('127.0.0.1', port)).toMatchObject({
      traceparent: TRACEPARENT,
      tracestate: 'vendor=1',
    });
    expect((await headersSeen('[::1]', port))['traceparent']).toBeUndefined();
  });

  it('is kept from a trusted IPv6 address, and dropped from other addresses', async () => {
    const port = await start(['::1']);
    expect((await headersSeen('[::1]', port))['traceparent']).toBe(TRACEPARENT);
    expect((await headersSeen('127.0.0.1', port))['traceparent']).toBeUndefined();
  });
});
