/** Injection tokens of the identity service's seams. */
export const LOGGER = Symbol('LOGGER');
/** The NATS connection for calls to other services (answers arrive on identity's own inbox prefix). */
export const PEERS_CLIENT = 'PEERS_CLIENT';
/** The `ServiceChannel` of that connection. */
export const PEERS_CHANNEL = 'PEERS_CHANNEL';
