import type { Principal } from '@caliber/contracts';
import { newStatementKeys, statementKeyEnv } from '@caliber/local-stack';
import {
  parsePrivateKey,
  parseTrustedKeys,
  StatementSigner,
  StatementVerifier,
  type StatementKeyPair,
} from '@caliber/service-kit';

/** Where the global set-up leaves the run's statement keys for the test workers. */
export const STATEMENT_KEYS_VARIABLE = 'CALIBER_TEST_STATEMENT_KEYS';

/** Makes the run's key pairs (one per principal) and hands them to the workers. */
export function createTestStatementKeys(): void {
  process.env[STATEMENT_KEYS_VARIABLE] = JSON.stringify(newStatementKeys());
}

function testStatementKeys(): StatementKeyPair[] {
  return JSON.parse(process.env[STATEMENT_KEYS_VARIABLE] ?? '[]') as StatementKeyPair[];
}

/** The environment that gives a process of the run its own key and everyone's public keys. */
export function testKeyEnv(principal: string): Record<string, string> {
  return statementKeyEnv(testStatementKeys(), principal);
}

/** Signs as `principal` would: for tests that play a process (or forge one). */
export function testSigner(principal: Principal): StatementSigner {
  const pair = testStatementKeys().find((candidate) => candidate.principal === principal);
  if (!pair) throw new Error(`No statement key of ${principal} in this test run`);
  return new StatementSigner(principal, parsePrivateKey(pair.privateKey));
}

/** Checks statements as every process of the run does. */
export function testVerifier(): StatementVerifier {
  return new StatementVerifier(parseTrustedKeys(testKeyEnv('harness')['TRUSTED_KEYS'] ?? ''));
}
