// `npx tsx infra/k8s/credentials.ts <folder>`: a new set of the bus and statement credentials for
// one deployment, written as files under <folder>, one sub-folder per Kubernetes Secret, so that
// `kubectl create secret generic <name> --from-file=<folder>/<sub-folder>` makes each Secret with
// the keys the manifests mount (infra/k8s/README.md, "Secrets"). Nothing is printed: the files
// are the secrets, readable by their owner only; delete the folder once the Secrets exist.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
// The files alone, not the packages' indexes, which bring NestJS and TypeORM to a one-off script.
import {
  natsAuthorizationConfig,
  natsPermissionsByUser,
  type NatsUser,
} from '../../libs/service-kit/src/nats-permissions';
import { newStatementKeys, statementKeyEnv } from '../local/src/statement-keys';

/** The NATS server's users and permissions: the Secret the NATS StatefulSet mounts. */
export const NATS_AUTHORIZATION_SECRET = 'caliber-nats-authorization';
/** Every principal's public key, mounted by every process as TRUSTED_KEYS_FILE. */
export const TRUSTED_KEYS_SECRET = 'caliber-trusted-keys';

/** The Secret holding one process's own NATS password and statement key. */
export function credentialsSecretName(principal: string): string {
  return `caliber-${principal}-credentials`;
}

/** A password no one will type: 32 random bytes. */
function newPassword(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Every credential file by its path under the output folder (`<Secret name>/<key>`): each
 * principal's NATS password and private statement key, everyone's public keys, and the NATS
 * server's `authorization` block made from those passwords with each user's permissions.
 * A principal's NATS user is its own name, as the Deployments' NATS_USER say.
 */
export function deploymentCredentials(password: () => string = newPassword): Record<string, string> {
  const permissions = natsPermissionsByUser();
  const keys = newStatementKeys();
  const users: NatsUser[] = keys.map(({ principal }) => {
    // A user without permissions may do everything on the bus: never hand one out.
    const allowed = permissions[principal];
    if (!allowed) throw new Error(`No NATS permissions are defined for ${principal}`);
    return { user: principal, password: password(), permissions: allowed };
  });
  const files: Record<string, string> = {
    [`${NATS_AUTHORIZATION_SECRET}/authorization.conf`]: natsAuthorizationConfig(users),
  };
  for (const user of users) {
    const env = statementKeyEnv(keys, user.user);
    files[`${credentialsSecretName(user.user)}/nats-password`] = user.password;
    files[`${credentialsSecretName(user.user)}/signing-key`] = env['SIGNING_KEY'] ?? '';
    files[`${TRUSTED_KEYS_SECRET}/TRUSTED_KEYS`] = env['TRUSTED_KEYS'] ?? '';
  }
  return files;
}

function writeCredentials(folder: string): void {
  for (const [path, content] of Object.entries(deploymentCredentials())) {
    const file = join(folder, path);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, content, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
}

if (require.main === module) {
  const folder = process.argv[2];
  if (!folder) {
    process.stderr.write('Usage: npx tsx infra/k8s/credentials.ts <folder>\n');
    process.exit(2);
  }
  writeCredentials(resolve(folder));
  process.stdout.write(`Credentials written under ${resolve(folder)}, one folder per Secret.\n`);
}
