/**
 * The domain services behind the gateway, one entry each, in start order. Adding a service is one
 * entry here (and its folder under `services/`, and its starter in the test harness, which the
 * compiler asks for): the local launcher migrates, seeds and starts each one from this list, the
 * integration and browser test stacks migrate and start them, and the gateway's health check asks
 * each one. By convention a service named `x`:
 * - lives in `services/x`, builds to `services/x/dist/main.js` (`main.js migrate` applies its
 *   migrations) and `services/x/dist/cli.js` (its admin commands);
 * - answers on NATS subjects `x.*`, in queue group `x`, with `x.health` for the health check;
 * - owns the PostgreSQL schema `x`.
 */
export const DOMAIN_SERVICES = [
  {
    name: 'identity',
    /** Environment variable of the service's own health port (probes of its orchestrator). */
    healthPortVariable: 'IDENTITY_HEALTH_PORT',
    /** The health port `npm start` gives it. */
    localHealthPort: 5101,
    /** CLI command that loads demo data into an empty database, and what `npm start` says. */
    demoSeed: { command: 'seed:demo', label: 'Demo staff' },
  },
  {
    name: 'equipment',
    healthPortVariable: 'EQUIPMENT_HEALTH_PORT',
    localHealthPort: 5102,
    demoSeed: { command: 'seed:demo', label: 'Demo equipment' },
  },
  {
    name: 'maintenance',
    healthPortVariable: 'MAINTENANCE_HEALTH_PORT',
    localHealthPort: 5103,
    /** Asks equipment and identity for the devices and people its tasks name, so it runs once they serve. */
    demoSeed: { command: 'seed:demo', label: 'Demo tasks', afterStart: true },
  },
  {
    name: 'reports',
    healthPortVariable: 'REPORTS_HEALTH_PORT',
    localHealthPort: 5104,
    /** The demo schedule belongs to a demo person found through identity, so it runs once the services serve. */
    demoSeed: { command: 'seed:demo', label: 'Demo report schedule', afterStart: true },
    /** The workers that write the files: processes of their own (`dist/worker.js`), as many as wanted. */
    workers: ['worker'],
  },
  {
    name: 'notifications',
    healthPortVariable: 'NOTIFICATIONS_HEALTH_PORT',
    localHealthPort: 5105,
    /** It keeps no demo data of its own: it tells people of what the other services' demo does. */
    demoSeed: null,
  },
] as const satisfies readonly DomainService[];

export interface DomainService {
  name: string;
  healthPortVariable: string;
  localHealthPort: number;
  /** `afterStart`: the seed asks other services over the bus, so it runs once the stack serves. */
  demoSeed: { command: string; label: string; afterStart?: boolean } | null;
  /**
   * Other processes of the service, each a built entry (`dist/<entry>.js`) started beside `main.js`
   * with the service's own NATS user and statement key.
   */
  workers?: readonly string[];
}

export type DomainServiceName = (typeof DOMAIN_SERVICES)[number]['name'];

export const DOMAIN_SERVICE_NAMES: readonly DomainServiceName[] = DOMAIN_SERVICES.map(
  (service) => service.name,
);

/** The NATS subject a service answers its health check on. */
export function healthSubject(service: DomainServiceName): string {
  return `${service}.health`;
}

/** One service's registry entry. */
export function domainService<N extends DomainServiceName>(
  name: N,
): Extract<(typeof DOMAIN_SERVICES)[number], { name: N }> {
  return DOMAIN_SERVICES.find((service) => service.name === name) as Extract<
    (typeof DOMAIN_SERVICES)[number],
    { name: N }
  >;
}
