/** What the global set-up hands the test workers, through their environment. */
export const E2E_ENV_KEYS = {
  baseUrl: 'CALIBER_E2E_BASE_URL',
  outbox: 'CALIBER_E2E_OUTBOX',
  serviceEnv: 'CALIBER_E2E_SERVICE_ENV',
  /** The gateway's NATS user, for a test that runs a second gateway beside the stack's. */
  gatewayEnv: 'CALIBER_E2E_GATEWAY_ENV',
} as const;

export function e2eValue(key: keyof typeof E2E_ENV_KEYS): string {
  const value = process.env[E2E_ENV_KEYS[key]];
  if (!value) throw new Error(`${E2E_ENV_KEYS[key]} is not set: run the browser tests through their config`);
  return value;
}
