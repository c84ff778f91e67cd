// Starts the local identity provider (main.ts) as a process of its own: oidc-provider is an
// ES module that the launcher and Jest (CommonJS) cannot load, and a separate process is what a
// relying party meets in a deployment anyway. This file must not import oidc-provider.
import { join } from 'node:path';
import { WORKSPACE_ROOT } from '../src/environment';
import { freePort, portAnswers } from '../src/ports';
import { killAndWait, startService } from '../src/processes';
import { CONFIG_VARIABLE, type IdentityProviderConfig, type PersonChange } from './config';

export type { DirectoryPerson, IdentityProviderConfig, PersonChange, ProviderClient } from './config';
export { DEMO_PASSWORD } from './config';

export interface IdentityProviderOptions extends Omit<IdentityProviderConfig, 'port' | 'issuer'> {
  /** A free port when not given. */
  port?: number;
  /** Where its output goes, one line at a time; kept quiet when not given. */
  output?(line: string): void;
  /** How long it may take to answer its discovery document. */
  startTimeoutMs?: number;
}

export interface RunningIdentityProvider {
  /** `http://localhost:<port>`: the issuer its tokens name. */
  issuer: string;
  port: number;
  /** Changes a person while it runs (needs `testControls`). */
  setPerson(id: string, change: PersonChange): Promise<void>;
  stop(): Promise<void>;
}

const MAIN = join(WORKSPACE_ROOT, 'infra', 'local', 'identity-provider', 'main.ts');

/**
 * Starts the local identity provider and resolves once its discovery document answers. It stops
 * with this process, however this process ends.
 */
export async function startIdentityProvider(
  options: IdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  const { output, startTimeoutMs = 20000, port: wanted, ...rest } = options;
  const port = wanted ?? (await freePort());
  // Something else answering there would pass the readiness check below in the provider's place.
  if (await portAnswers(port))
    throw new Error(
      `Port ${port} is already in use, so the local identity provider cannot start. Is another "npm start" running? Stop it, or set IDENTITY_PROVIDER_PORT.`,
    );
  const issuer = `http://localhost:${port}`;
  const config: IdentityProviderConfig = { ...rest, port, issuer };
  const recent: string[] = [];
  const service = startService(
    'idp',
    ['--import', 'tsx', MAIN],
    {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: process.env['NODE_ENV'] ?? 'development',
      [CONFIG_VARIABLE]: JSON.stringify(config),
    },
    (line) => {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      output?.(line);
    },
  );
  const { child } = service;
  // A normal exit of this process (a test run ending) takes the provider with it; the lifeline
  // pipe covers the rest.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    await service.stop();
  };

  const discovery = `${issuer}/.well-known/openid-configuration`;
  const deadline = Date.now() + startTimeoutMs;
  let ready = false;
  while (!ready && Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      ready = (await fetch(discovery)).status === 200;
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!ready) {
    process.removeListener('exit', onExit);
    await killAndWait(child);
    throw new Error(
      `The identity provider did not answer ${discovery} within ${startTimeoutMs / 1000} s. Its output:\n${recent.join('\n')}`,
    );
  }

  return {
    issuer,
    port,
    async setPerson(id, change) {
      const answer = await fetch(`${issuer}/_test/people/${encodeURIComponent(id)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(change),
      });
      if (answer.status !== 204)
        throw new Error(
          `Changing person ${id} at the identity provider answered ${answer.status}: ${await answer.text()}`,
        );
    },
    stop,
  };
}
