import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { until } from '../../testing/wait';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

/** A replica that answers with its name, the method and the body it received. */
interface Replica {
  name: string;
  origin: string;
  server: Server;
  received: string[];
  ready: boolean;
}

async function replica(name: string): Promise<Replica> {
  const state: Replica = { name, origin: '', server: createServer(), received: [], ready: true };
  state.server.on('request', (request: IncomingMessage, response) => {
    if (request.url === '/ready') {
      response.writeHead(state.ready ? 200 : 503).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      state.received.push(`${request.method} ${request.url} ${body}`);
      if (request.url === '/die') return request.socket.destroy();
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`${name} ${request.method} ${body}`);
    });
  });
  // A WebSocket-like upgrade: the replica switches protocols and echoes with its name.
  state.server.on('upgrade', (_request, socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (chunk: Buffer) => socket.write(`${name}:${chunk.toString()}`));
    // An HTTP server's sockets stay half open when the other side ends: end this one too.
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  const address = state.server.address();
  state.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return state;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('the round-robin proxy in front of the gateway replicas', () => {
  let a: Replica;
  let b: Replica;
  let proxy: RoundRobinProxy | undefined;

  /**
   * The proxy in front of `a` and `b`. Probes every 50 ms where a test is about them; otherwise
   * once an hour, so that a refused connection is met by the proxy itself, not found by a probe.
   */
  const start = async (options: { healthIntervalMs?: number; maxBodyBytes?: number } = {}) => {
    proxy = await startRoundRobinProxy({
      port: 0,
      upstreams: [a.origin, b.origin],
      healthPath: '/ready',
      healthIntervalMs: 3_600_000,
      ...options,
    });
  };

  beforeEach(async () => {
    a = await replica('a');
    b = await replica('b');
  });
  afterEach(async () => {
    await proxy?.stop();
    proxy = undefined;
    for (const server of [a.server, b.server]) if (server.listening) await close(server);
  });

  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${proxy?.url}${path}`, init);
    return { status: response.status, text: await response.text() };
  };

  it('sends calls to the replicas in turn', async () => {
    await start();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await send('/x')).text.split(' ')[0]);
    expect(answers.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('sends a call whose connection is refused to the next replica, body and all, without an error', async () => {
    await start();
    await close(a.server);
    for (let i = 0; i < 4; i += 1)
      expect(await send('/items', { method: 'POST', body: `item ${i}` })).toEqual({
        status: 200,
        text: `b POST item ${i}`,
      });
    expect(b.received).toHaveLength(4);
  });

  it('does not repeat a call cut after it was sent: 502, and the other replica never sees it', async () => {
    await start();
    const answers = [
      await send('/die', { method: 'POST', body: 'once' }),
      await send('/die', { method: 'POST', body: 'once' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([502, 502]);
    expect(JSON.parse(answers[0]?.text ?? '{}')).toMatchObject({
      statusCode: 502,
      message: expect.stringContaining('may or may not have been applied'),
    });
    expect(a.received).toEqual(['POST /die once']);
    expect(b.received).toEqual(['POST /die once']);
  });

  it('gives nothing to a replica whose readiness probe fails, and takes it back when it passes', async () => {
    await start({ healthIntervalMs: 50 });
    a.ready = false;
    // Once a probe has found `a` unready, every call goes to `b`.
    await until(
      async () => (await send('/x')).text.startsWith('b ') && (await send('/x')).text.startsWith('b '),
      {
        what: 'a probe to take a out',
      },
    );
    for (let i = 0; i < 4; i += 1) expect((await send('/x')).text).toMatch(/^b /);
    a.ready = true;
    await until(async () => (await send('/x')).text.startsWith('a '), { what: 'a probe to bring a back' });
  });

  it('tunnels an upgraded connection both ways, past a replica that is gone', async () => {
    await start();
    await close(a.server);
    const port = Number(new URL(proxy?.url ?? '').port);
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET /socket HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
    await until(() => received.includes('101 Switching Protocols'), { what: 'the upgrade' });
    socket.write('hello');
    await until(() => received.includes('b:hello'), { what: 'the echo through the tunnel' });
    socket.destroy();
  });

  it('refuses a body larger than its limit with 413 and a message, and sends nothing on', async () => {
    await start({ maxBodyBytes: 10 });
    const answer = await send('/items', { method: 'POST', body: 'x'.repeat(100) });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ message: 'The request body is larger than 10 bytes.' });
    expect([...a.received, ...b.received]).toEqual([]);
  });
});
