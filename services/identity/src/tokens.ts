/** Injection tokens of the identity service's seams. */
export const LOGGER = Symbol('LOGGER');
