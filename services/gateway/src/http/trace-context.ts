import type { IncomingMessage, Server } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * The networks whose calls may carry a trace to continue (`TRACE_CONTEXT_TRUSTED_NETWORKS`),
 * as addresses and subnets (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`). Anyone else's `traceparent` is
 * dropped before tracing reads it: otherwise any caller could choose its trace's id and, with the
 * usual parent-based sampler, its "sampled" flag, and so have every one of its requests traced
 * and exported (a cost on the collector and on every process it crosses), or join its requests to
 * another's trace. The gateway starts a trace of its own for them instead.
 */
export function trustedNetworks(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** `::ffff:10.1.2.3` (an IPv4 caller of a dual-stack listener) as the IPv4 address it is. */
function plainAddress(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], type: 'ipv4' };
  return { address, type: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether the connection a request came on is from a trusted network (never, with none given). */
export function fromTrustedNetwork(request: IncomingMessage, trusted: BlockList | null): boolean {
  const remote = request.socket.remoteAddress;
  if (!trusted || !remote) return false;
  const { address, type } = plainAddress(remote);
  return trusted.check(address, type);
}

/**
 * Drops the trace-context headers of requests from untrusted networks, on the server itself,
 * before anything else sees the request: tracing reads them where the server emits the request
 * (it wraps `Server.prototype.emit`), ahead of every middleware. This wrapper sits on the server
 * instance, so it runs first. WebSocket upgrades are handled the same way.
 */
export function dropUntrustedTraceContext(server: Server, trusted: BlockList | null): void {
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    const [request] = args as [IncomingMessage | undefined];
    // The W3C trace-context headers: the trace to continue, and its vendors' data.
    if ((event === 'request' || event === 'upgrade') && request && !fromTrustedNetwork(request, trusted)) {
      delete request.headers.traceparent;
      delete request.headers.tracestate;
    }
    return emit(event, ...args);
  }) as Server['emit'];
}
