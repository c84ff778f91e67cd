/** Injection tokens of the notifying service's seams. */
export const LOGGER = Symbol('LOGGER');
/** The NATS connection for events and for calls to the other services. */
export const BUS_CLIENT = 'BUS_CLIENT';
/** The `ServiceChannel` of that connection. */
export const PEERS_CHANNEL = 'PEERS_CHANNEL';
