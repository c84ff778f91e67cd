import { DOMAIN_SERVICE_NAMES, type Principal } from '@caliber/contracts';
// The keys file alone: the browser tests' loader runs this launcher and cannot compile the rest
// of the service kit (its decorators).
import {
  generateStatementKeyPair,
  trustedKeysValue,
  type StatementKeyPair,
} from '../../../libs/service-kit/src/trust/keys';

/** Every principal that signs on the bus: the gateway and each domain service. */
export const PRINCIPALS: readonly Principal[] = ['gateway', ...DOMAIN_SERVICE_NAMES];

/** A fresh key pair for every principal. */
export function newStatementKeys(): StatementKeyPair[] {
  return PRINCIPALS.map(generateStatementKeyPair);
}

/**
 * The environment that gives a process its own private key and everyone's public keys. A name
 * that is not a principal (a test observer) gets the public keys only.
 */
export function statementKeyEnv(
  pairs: readonly StatementKeyPair[],
  principal: string,
): Record<string, string> {
  const own = pairs.find((pair) => pair.principal === principal);
  return {
    TRUSTED_KEYS: trustedKeysValue(pairs),
    ...(own ? { SIGNING_KEY: own.privateKey } : {}),
  };
}

/** `npm run keys`: a key set for a deployment, one line per variable of each process. */
export function describeKeySet(pairs: readonly StatementKeyPair[]): string {
  const lines = [
    '# Statement keys: give each process its own SIGNING_KEY (a secret: mount it as SIGNING_KEY_FILE)',
    '# and every process the same TRUSTED_KEYS (public).',
    `TRUSTED_KEYS=${trustedKeysValue(pairs)}`,
    ...pairs.map((pair) => `# ${pair.principal}\nSIGNING_KEY=${pair.privateKey}`),
  ];
  return `${lines.join('\n')}\n`;
}
