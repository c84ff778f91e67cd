import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import type { StatementKeyPair } from '../../../libs/service-kit/src/trust/keys';
import { newStatementKeys, PRINCIPALS } from './statement-keys';

export const WORKSPACE_ROOT = resolve(__dirname, '../../..');

/**
 * Ports of the backing servers the local stack starts itself (chosen away from the usual
 * defaults); each domain service's health port is in its registry entry.
 */
export const LOCAL_PORTS = {
  postgres: 15432,
  nats: 14222,
  redis: 16379,
  /** The local identity provider (single sign-on with the demo directory). */
  identityProvider: 15090,
} as const;

export function dataDir(): string {
  const configured = process.env['DATA_DIR'] ?? '.data';
  return isAbsolute(configured) ? configured : join(WORKSPACE_ROOT, configured);
}

export interface LocalSecrets {
  jwtSecret: string;
  otpPepper: string;
  /** Caliber's client secret at the local identity provider. */
  ssoClientSecret: string;
  /** Each principal's statement key pair (who signs what on the bus). */
  statementKeys: StatementKeyPair[];
}

/**
 * Development secrets, made once per data folder and kept there, so sessions survive a restart.
 * JWT_SECRET and OTP_PEPPER in the environment win.
 */
export async function localSecrets(dir: string): Promise<LocalSecrets> {
  const file = join(dir, 'secrets.json');
  let stored: Partial<LocalSecrets> = {};
  if (existsSync(file)) stored = JSON.parse(await readFile(file, 'utf8')) as Partial<LocalSecrets>;
  const keysComplete = PRINCIPALS.every((principal) =>
    stored.statementKeys?.some((pair) => pair.principal === principal),
  );
  const secrets: LocalSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(32).toString('hex'),
    otpPepper: stored.otpPepper ?? randomBytes(32).toString('hex'),
    ssoClientSecret: stored.ssoClientSecret ?? randomBytes(32).toString('hex'),
    // A new service joins with a new set: every process is restarted with it anyway.
    statementKeys: keysComplete && stored.statementKeys ? stored.statementKeys : newStatementKeys(),
  };
  if (
    stored.jwtSecret !== secrets.jwtSecret ||
    stored.otpPepper !== secrets.otpPepper ||
    stored.ssoClientSecret !== secrets.ssoClientSecret ||
    stored.statementKeys !== secrets.statementKeys
  ) {
    await mkdir(dir, { recursive: true });
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: process.env['JWT_SECRET'] ?? secrets.jwtSecret,
    otpPepper: process.env['OTP_PEPPER'] ?? secrets.otpPepper,
    ssoClientSecret: secrets.ssoClientSecret,
    statementKeys: secrets.statementKeys,
  };
}
