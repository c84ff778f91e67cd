import type { NatsUser } from '@caliber/service-kit';

/** The test files' own NATS user: it may publish and subscribe anywhere, to observe and provoke. */
export const HARNESS_NATS_USER = 'harness';

/** Where the global set-up leaves every NATS user's password for the test workers. */
export const NATS_USERS_VARIABLE = 'CALIBER_TEST_NATS_USERS';

/** The NATS users of the integration run's server (the stack's processes and the harness). */
export function testNatsUsers(): NatsUser[] {
  return JSON.parse(process.env[NATS_USERS_VARIABLE] ?? '[]') as NatsUser[];
}

/** Connection options of the NATS client library for one user of the run. */
export function natsConnectOptions(user: string = HARNESS_NATS_USER) {
  const found = testNatsUsers().find((candidate) => candidate.user === user);
  if (!found) throw new Error(`No NATS user ${user} in this test run`);
  return { servers: process.env['NATS_URL'] ?? '', user: found.user, pass: found.password };
}
