import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, type ClientProxy } from '@nestjs/microservices';
import { connect } from 'nats';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { z } from 'zod';
import { checkCommonEnv, commonEnvShape, loadConfig, natsSettings, type NatsSettings } from './config';
import { natsClientOptions, natsConnectionOptions, natsServerOptions } from './nats';
import { freeLoopbackPort, startNatsServer, type NatsServerProcess } from './testing/nats-server-process';
import { makeThrowawayTls } from './testing/throwaway-tls';
import { generateStatementKeyPair, trustedKeysValue } from './trust/keys';

const SUBJECT = `tls-test.${Date.now().toString(36)}`;

@Controller()
class EchoController {
  @MessagePattern(`${SUBJECT}.echo`)
  echo(payload: { text: string }): { text: string } {
    return payload;
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const schema = z.object(commonEnvShape).superRefine(checkCommonEnv).transform(natsSettings);
const pair = generateStatementKeyPair('gateway');

/**
 * A service and its client on a NATS server that requires TLS, with the settings a process loads
 * from its environment (NATS_URL tls://…, NATS_TLS_CA_FILE): the connection is encrypted, and a
 * process that does not trust the server's authority never connects. Certificates made for this
 * run (openssl); the server is a real nats-server.
 */
describe('NATS over TLS, as the services connect (real nats-server)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'caliber-nats-tls-'));
  const names = { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] };
  const tls = makeThrowawayTls(join(folder, 'tls'), names);
  const stranger = makeThrowawayTls(join(folder, 'stranger'), names);
  let server: NatsServerProcess;
  let monitor: string;
  let url: string;

  const settingsWith = (env: NodeJS.ProcessEnv): NatsSettings =>
    loadConfig('test', schema, {
      SIGNING_KEY: pair.privateKey,
      TRUSTED_KEYS: trustedKeysValue([pair]),
      NATS_URL: url,
      NATS_USER: 'service',
      NATS_PASSWORD: 'service-password',
      ...env,
    });

  beforeAll(async () => {
    const [port, monitorPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
    url = `tls://127.0.0.1:${port}`;
    monitor = `http://127.0.0.1:${monitorPort}`;
    const config = join(folder, 'nats-server.conf');
    writeFileSync(
      config,
      [
        `listen: 127.0.0.1:${port}`,
        `http: 127.0.0.1:${monitorPort}`,
        `tls { cert_file: "${tls.certFile}", key_file: "${tls.keyFile}", timeout: 2 }`,
        'authorization { users: [ { user: "service", password: "service-password" } ] }',
        '',
      ].join('\n'),
    );
    server = await startNatsServer(['-c', config]);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('carries a service’s requests and answers encrypted, trusting NATS_TLS_CA_FILE', async () => {
    const settings = settingsWith({ NATS_TLS_CA_FILE: tls.caFile });
    const service: INestMicroservice = await NestFactory.createMicroservice(EchoModule, {
      ...natsServerOptions(settings, SUBJECT),
      logger: false,
    });
    await service.listen();
    const client: ClientProxy = ClientProxyFactory.create(natsClientOptions(settings, 'tls-test-client'));
    try {
      await client.connect();
      await expect(firstValueFrom(client.send(`${SUBJECT}.echo`, { text: 'over TLS' }))).resolves.toEqual({
        text: 'over TLS',
      });
      const connections = (
        (await (await fetch(`${monitor}/connz`)).json()) as {
          connections: { name?: string; tls_version?: string }[];
        }
      ).connections;
      // Both the service's connection and the client's, each with its TLS version.
      expect(
        connections
          .filter((connection) => connection.name === SUBJECT || connection.name === 'tls-test-client')
          .map((connection) => [connection.name, /^1\.[23]$/.test(connection.tls_version ?? '')]),
      ).toEqual(
        expect.arrayContaining([
          [SUBJECT, true],
          ['tls-test-client', true],
        ]),
      );
    } finally {
      await client.close();
      await service.close();
    }
  });

  it('never connects to a server whose certificate another authority signed', async () => {
    for (const settings of [
      settingsWith({ NATS_TLS_CA_FILE: stranger.caFile }),
      // No authority of its own: the system's, which never signed this server's certificate.
      settingsWith({}),
    ]) {
      await expect(
        connect({ ...natsConnectionOptions(settings, 'tls-test-refused'), reconnect: false }),
      ).rejects.toThrow(/certificate/i);
    }
  });
});
