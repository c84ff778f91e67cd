import { request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RoundRobinProxyOptions {
  /** The port to listen on (0: any free one). */
  port: number;
  /** The replicas' origins, e.g. `http://127.0.0.1:5101`. */
  upstreams: readonly string[];
  /** Asked of each replica every `healthIntervalMs`; a replica that does not answer 200 gets nothing. */
  healthPath: string;
  healthIntervalMs?: number;
  /** Request bodies larger than this are refused (413): the proxy holds a body to retry it. */
  maxBodyBytes?: number;
}

export interface RoundRobinProxy {
  url: string;
  stop(): Promise<void>;
}

interface Upstream {
  origin: string;
  host: string;
  port: number;
  healthy: boolean;
}

/** Errors that mean the connection was never made, so nothing reached the replica. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/**
 * What stands in front of the gateway replicas on this machine, as a Kubernetes Service with an
 * Ingress does: requests and WebSocket upgrades go to the replicas in turn, skipping one whose
 * readiness probe fails. A request whose connection is refused (a replica just died, before its
 * probe noticed) goes to the next replica: nothing of it was sent, so repeating it cannot do a
 * thing twice. A request cut after it was sent is not repeated (a POST may have been applied):
 * the client gets a 502 and decides, as behind a real ingress.
 */
export async function startRoundRobinProxy(options: RoundRobinProxyOptions): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = options.upstreams.map((origin) => {
    const url = new URL(origin);
    return { origin, host: url.hostname, port: Number(url.port), healthy: true };
  });
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  let next = 0;

  /** The replicas to try for one request: the healthy ones from the next in turn, then the rest. */
  const candidates = (): Upstream[] => {
    const start = next++ % upstreams.length;
    const ordered = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    return [...ordered.filter((u) => u.healthy), ...ordered.filter((u) => !u.healthy)];
  };

  const refuse = (response: ServerResponse, status: number, message: string) => {
    if (response.headersSent) return response.destroy();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ statusCode: status, message }));
  };

  const forward = (incoming: IncomingMessage, body: Buffer, response: ServerResponse, tries: Upstream[]) => {
    const upstream = tries[0];
    if (!upstream) return refuse(response, 503, 'No gateway replica is reachable.');
    const outgoing = httpRequest({
      host: upstream.host,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '' },
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    // A client that goes away takes its call with it: the replica stops sending to no one.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (NOT_CONNECTED.has(error.code ?? '')) {
        upstream.healthy = false;
        return forward(incoming, body, response, tries.slice(1));
      }
      refuse(
        response,
        502,
        'The gateway replica stopped while answering; the request may or may not have been applied.',
      );
    });
    outgoing.end(body);
  };

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    incoming.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxBodyBytes) {
        // The rest is read and dropped, so the client receives the answer; then the connection
        // closes rather than take more.
        refused = true;
        chunks.length = 0;
        response.setHeader('connection', 'close');
        refuse(response, 413, `The request body is larger than ${maxBodyBytes} bytes.`);
        return;
      }
      chunks.push(chunk);
    });
    incoming.on('end', () => {
      if (!refused) forward(incoming, Buffer.concat(chunks), response, candidates());
    });
  });

  /** Open WebSocket tunnels, which the HTTP server no longer tracks once upgraded. */
  const tunnels = new Set<Socket>();
  // A WebSocket: the upgrade request is written to a replica as it came, then bytes flow both ways
  // until either side closes. When the replica dies the browser's socket closes and reconnects,
  // through here, to a live one.
  server.on('upgrade', (incoming: IncomingMessage, client: Duplex, head: Buffer) => {
    const attempt = (tries: Upstream[]) => {
      const upstream = tries[0];
      if (!upstream) return client.destroy();
      const socket: Socket = connect(upstream.port, upstream.host);
      let connected = false;
      tunnels.add(socket);
      socket.once('connect', () => {
        connected = true;
        const lines = [`${incoming.method} ${incoming.url} HTTP/${incoming.httpVersion}`];
        for (let i = 0; i < incoming.rawHeaders.length; i += 2)
          lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) socket.write(head);
        socket.pipe(client).pipe(socket);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        if (!connected && NOT_CONNECTED.has(error.code ?? '')) {
          upstream.healthy = false;
          return attempt(tries.slice(1));
        }
        client.destroy();
      });
      socket.once('close', () => {
        tunnels.delete(socket);
        if (connected) client.destroy();
      });
      client.once('close', () => socket.destroy());
      client.on('error', () => socket.destroy());
    };
    attempt(candidates());
  });

  const probe = async (upstream: Upstream) => {
    try {
      const answer = await fetch(`${upstream.origin}${options.healthPath}`, {
        signal: AbortSignal.timeout(1000),
      });
      upstream.healthy = answer.status === 200;
    } catch {
      upstream.healthy = false;
    }
  };
  const timer = setInterval(() => {
    for (const upstream of upstreams) void probe(upstream);
  }, options.healthIntervalMs ?? 500);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        for (const tunnel of tunnels) tunnel.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
