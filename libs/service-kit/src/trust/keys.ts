import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Principal } from '@caliber/contracts';

/**
 * Statement keys are ECDSA P-256 (JWS `ES256`): small, fast to verify, and supported by the JWT
 * library every process already has. A key travels as PEM text (a mounted file) or as one line of
 * base64 DER (PKCS#8 for a private key, SPKI for a public one), which fits an environment variable.
 */
export const STATEMENT_ALGORITHM = 'ES256';
const CURVE = 'prime256v1';

function isPem(text: string): boolean {
  return text.includes('-----BEGIN');
}

/** A PEM with its line breaks written as `\n` (as some secret stores hand it over) is read too. */
const pemText = (text: string) => text.replace(/\\n/g, '\n');

function requireP256(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== CURVE)
    throw new Error(`${what} must be an ECDSA P-256 key`);
  return key;
}

function readKey(read: () => KeyObject, what: string): KeyObject {
  let key: KeyObject;
  try {
    key = read();
  } catch {
    throw new Error(`${what} is not a key (PEM, or one line of base64 DER)`);
  }
  return requireP256(key, what);
}

export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  return readKey(
    () =>
      isPem(trimmed)
        ? createPrivateKey(pemText(trimmed))
        : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' }),
    'the signing key',
  );
}

export function parsePublicKey(text: string, what = 'a trusted key'): KeyObject {
  const trimmed = text.trim();
  return readKey(
    () =>
      isPem(trimmed)
        ? createPublicKey(pemText(trimmed))
        : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' }),
    what,
  );
}

const PRINCIPAL_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * `TRUSTED_KEYS`: every principal's public key, as `name=key` pairs separated by commas or line
 * breaks (`gateway=MFkw…,identity=MFkw…`). Public keys are not secret; each process is given all
 * of them and its own private key only.
 */
export function parseTrustedKeys(text: string): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const entry of text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = at > 0 ? entry.slice(0, at).trim() : '';
    if (!PRINCIPAL_NAME.test(name)) throw new Error(`"${entry.slice(0, 12)}…" is not name=key`);
    if (keys.has(name)) throw new Error(`${name} is given twice`);
    keys.set(name, parsePublicKey(entry.slice(at + 1), `the key of ${name}`));
  }
  return keys;
}

export interface StatementKeyPair {
  principal: Principal;
  /** base64 DER (PKCS#8): the `SIGNING_KEY` of that principal's process. */
  privateKey: string;
  /** base64 DER (SPKI): its entry in everyone's `TRUSTED_KEYS`. */
  publicKey: string;
}

/** A new key pair for a principal (the local stack and the tests make their own; see docs/running/deploying.md). */
export function generateStatementKeyPair(principal: Principal): StatementKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: CURVE });
  return {
    principal,
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** The `TRUSTED_KEYS` value naming every pair's public key. */
export function trustedKeysValue(pairs: readonly StatementKeyPair[]): string {
  return pairs.map((pair) => `${pair.principal}=${pair.publicKey}`).join(',');
}

/**
 * Refuses to start a process whose own private key is not the one everybody else checks it
 * against (`TRUSTED_KEYS` names another public key, or none, for this principal): every message
 * it sent would be refused, which is better said at start-up than found in production.
 */
export function requireOwnKeyTrusted(
  principal: string,
  signingKey: KeyObject,
  trustedKeys: ReadonlyMap<string, KeyObject>,
): void {
  const own = createPublicKey(signingKey).export({ format: 'der', type: 'spki' });
  const trusted = trustedKeys.get(principal)?.export({ format: 'der', type: 'spki' });
  if (!trusted || !own.equals(trusted))
    throw new Error(
      `TRUSTED_KEYS does not hold the public key of this process's SIGNING_KEY as ${principal}: give every process the same TRUSTED_KEYS of one key set (npm run keys)`,
    );
}
