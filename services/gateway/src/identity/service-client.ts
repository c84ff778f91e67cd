/** The gateway's one NATS connection for requests to the domain services (and their events). */
export const SERVICES_CLIENT = 'SERVICES_CLIENT';
/** The `ServiceChannel` of that connection. */
export const SERVICE_CHANNEL = 'SERVICE_CHANNEL';
