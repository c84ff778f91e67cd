import type { DomainServiceName } from '@caliber/contracts';

/**
 * The services whose messages link back into Caliber: identity's confirmation links and the
 * notifying service's e-mails and pages. The gateway is left out on purpose: without PUBLIC_URL it
 * answers with the address the request came to, so an asset tag printed from another machine on
 * the network holds the address that machine opened.
 */
const LINKING_SERVICES: ReadonlySet<string> = new Set<DomainServiceName>(['identity', 'notifications']);

/**
 * PUBLIC_URL for one process of the local stack: where this stack serves Caliber (its HTTP port,
 * which the test stacks choose free), for a service whose messages link back to it, unless the
 * environment already names the address.
 */
export function linkAddressEnv(
  processName: string,
  env: NodeJS.ProcessEnv,
  httpPort: number,
): Record<string, string> {
  return LINKING_SERVICES.has(processName) && !env['PUBLIC_URL']
    ? { PUBLIC_URL: `http://localhost:${httpPort}` }
    : {};
}
