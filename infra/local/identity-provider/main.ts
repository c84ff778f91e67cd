// The local identity provider: a real OpenID Connect server (oidc-provider) over a small
// directory, for `npm start`, the integration tests and the browser tests. Never part of an image.
//   IDP_CONFIG='<json>' node --import tsx infra/local/identity-provider/main.ts
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { readIdentityProviderConfig } from './config';
import { Directory } from './directory';
import { createIdentityProvider } from './provider';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const config = readIdentityProviderConfig(process.env);
  // The whole process's clock shifted (tests of expired tokens and clock skew): everything the
  // provider dates (iat, exp, auth_time, its own expiries) reads Date.now.
  const offsetMs = (config.clockOffsetSeconds ?? 0) * 1000;
  if (offsetMs !== 0) {
    const realNow = Date.now.bind(Date);
    Date.now = () => realNow() + offsetMs;
  }
  // A new signing key each start: nothing outlives the process, so nothing needs the old one.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const provider = createIdentityProvider(config, new Directory(config.people), { jwk, privateKey }, say);
  // Errors oidc-provider answers itself (a bad request, a refused refresh) are the caller's, and
  // show in the request line; only its own failures are worth a line of their own.
  provider.on('server_error', (_ctx, error) =>
    say(`server error: ${error instanceof Error ? error.message : String(error)}`),
  );
  const server = provider.listen(config.port, '127.0.0.1', () =>
    say(`identity provider listening on ${config.issuer}`),
  );
  const stop = () => {
    server.close(() => process.exit(0));
    // Idle keep-alive connections (a relying party's, a test's) would hold the close open.
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Started by a launcher holding our standard input: when it goes, however it goes, so do we.
  if (process.env['STOP_WHEN_LAUNCHER_EXITS'] === 'true') {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`identity provider: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
