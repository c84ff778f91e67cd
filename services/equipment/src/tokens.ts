/** Injection tokens of the equipment service's seams. */
export const LOGGER = Symbol('LOGGER');
