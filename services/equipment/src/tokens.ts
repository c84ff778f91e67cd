/** Injection tokens of the equipment service's seams. */
export const LOGGER = Symbol('LOGGER');
/** The NATS connection for calls to other services (answers arrive on equipment's own inbox prefix). */
export const PEERS_CLIENT = 'PEERS_CLIENT';
/** The `ServiceChannel` of that connection. */
export const PEERS_CHANNEL = 'PEERS_CHANNEL';
/** The NATS connection on which equipment publishes its events (and its replicas read them back). */
export const EVENTS_CLIENT = 'EVENTS_CLIENT';
