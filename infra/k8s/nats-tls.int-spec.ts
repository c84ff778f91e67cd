import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, StringCodec, type NatsConnection } from 'nats';
import { z } from 'zod';
import {
  checkCommonEnv,
  commonEnvShape,
  loadConfig,
  natsConnectionOptions,
  natsSettings,
} from '@caliber/service-kit';
import { until } from '@caliber/testing/wait';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import {
  freeLoopbackPort,
  startNatsServer,
  type NatsServerProcess,
} from '../../libs/service-kit/src/testing/nats-server-process';
import { makeThrowawayTls, type ThrowawayTls } from '../../libs/service-kit/src/testing/throwaway-tls';
import { deploymentCredentials } from './credentials';
import { nameOf, podSpecOf, render, requireKustomize5, type KubeObject } from './kustomize';

/**
 * Production's bus as rendered: the NATS servers' configuration from the production overlay, run
 * by real nats-server processes with throw-away certificates in the places the StatefulSet mounts
 * the Secret caliber-nats-tls, and processes connecting with the settings their Deployments give
 * them. Only what cannot hold on one machine is changed: each server listens on free loopback
 * ports (command-line flags, which take precedence over the file), its routes name the other
 * server's loopback port instead of nats-<n>.nats-headless, and every mounted path lives under a
 * folder of its own.
 */

const text = StringCodec();
const commonSchema = z.object(commonEnvShape).superRefine(checkCommonEnv).transform(natsSettings);

interface Pod {
  pod: IPodSpec;
  container: IContainer;
}

function podOf(objects: KubeObject[], name: string): Pod {
  const owner = objects.find((object) => nameOf(object) === name);
  const pod = owner ? podSpecOf(owner) : undefined;
  const container = pod?.containers[0];
  if (!pod || !container) throw new Error(`${name} is not rendered`);
  return { pod, container };
}

/**
 * Writes what a container finds at each of its mounts under `root`: the ConfigMaps' files (paths
 * in them moved under `root` as well) and the Secrets' items, from `secrets` (`secret/key`).
 * Answers where a path of the pod is on this machine.
 */
function materialize(
  objects: KubeObject[],
  { pod, container }: Pod,
  secrets: Record<string, string>,
  root: string,
): (path: string) => string {
  const mounts = container.volumeMounts ?? [];
  const here = (path: string) => join(root, path);
  const moveUnder = (content: string) =>
    mounts.reduce(
      (result, mount) => result.replaceAll(`${mount.mountPath}/`, `${here(mount.mountPath)}/`),
      content,
    );
  for (const mount of mounts) {
    const volume = pod.volumes?.find((each) => each.name === mount.name);
    mkdirSync(here(mount.mountPath), { recursive: true });
    const configMap = volume?.configMap?.name;
    if (configMap) {
      const data = objects.find(
        (object) => object.kind === 'ConfigMap' && object.metadata.name === configMap,
      )?.data;
      for (const [file, content] of Object.entries(data ?? {}))
        writeFileSync(join(here(mount.mountPath), file), moveUnder(content));
    }
    const secret = volume?.secret;
    for (const item of secret?.items ?? []) {
      const content = secrets[`${secret?.secretName ?? ''}/${item.key}`];
      if (content === undefined)
        throw new Error(`no sample for Secret item ${secret?.secretName}/${item.key}`);
      writeFileSync(join(here(mount.mountPath), item.path), content, { mode: 0o600 });
    }
  }
  return here;
}

/** A process's environment as its Deployment gives it, with its mounted files under `root`. */
function processEnvironment(
  objects: KubeObject[],
  pod: Pod,
  secrets: Record<string, string>,
  root: string,
): NodeJS.ProcessEnv {
  const here = materialize(objects, pod, secrets, root);
  const env: NodeJS.ProcessEnv = {};
  for (const source of pod.container.envFrom ?? [])
    Object.assign(
      env,
      objects.find(
        (object) => object.kind === 'ConfigMap' && object.metadata.name === source.configMapRef?.name,
      )?.data,
    );
  for (const variable of pod.container.env ?? [])
    if (variable.value !== undefined)
      env[variable.name] = variable.name.endsWith('_FILE') ? here(variable.value) : variable.value;
  return env;
}

/** The INFO a NATS server sends a client first, in plain text. */
function serverInfo(port: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const line = /^INFO (.*)\r\n/.exec(received)?.[1];
      if (line === undefined) return;
      socket.destroy();
      resolve(JSON.parse(line) as Record<string, unknown>);
    });
    socket.on('error', reject);
  });
}

describe('production’s NATS configuration, run with TLS (real nats-server)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'caliber-k8s-nats-tls-'));
  let objects: KubeObject[];
  let tls: ThrowawayTls;
  let secrets: Record<string, string>;
  const servers: NatsServerProcess[] = [];
  const connections: NatsConnection[] = [];
  let configOf: (server: string) => string;
  /** Where the NATS servers find the Secret caliber-nats-tls. */
  let tlsMount: () => string;
  let clusterPorts: number[];
  let clientPorts: number[];
  let monitorOf: (index: number) => string;

  beforeAll(async () => {
    requireKustomize5();
    objects = render(join(__dirname, 'overlays', 'production'));
    const certificate = render(join(__dirname, 'examples', 'cert-manager')).find(
      (object) => object.kind === 'Certificate' && object.metadata.name === 'caliber-nats-tls',
    );
    // The certificate cert-manager would issue (its names), and the loopback address the test
    // dials (the NATS client checks a server dialled by address against the name `localhost`).
    tls = makeThrowawayTls(join(folder, 'tls'), {
      dnsNames: [...((certificate?.spec?.['dnsNames'] as string[] | undefined) ?? []), 'localhost'],
      ipAddresses: ['127.0.0.1'],
    });
    secrets = {
      ...deploymentCredentials(() => 'password'),
      'caliber-nats-tls/tls.crt': readFileSync(tls.certFile, 'utf8'),
      'caliber-nats-tls/tls.key': readFileSync(tls.keyFile, 'utf8'),
      'caliber-nats-tls/ca.crt': readFileSync(tls.caFile, 'utf8'),
      // The object store's key, mounted where the gateway and the services read files from it.
      'caliber-object-store/S3_SECRET_ACCESS_KEY': 'object-store-secret',
    };
    const nats = podOf(objects, 'StatefulSet/nats');
    const configPath =
      nats.container.command?.[(nats.container.command?.indexOf('--config') ?? -2) + 1] ?? '';
    configOf = (server) => materialize(objects, nats, secrets, join(folder, server))(configPath);
    tlsMount = () => {
      const volume = nats.pod.volumes?.find((each) => each.secret?.secretName === 'caliber-nats-tls')?.name;
      return (
        nats.container.volumeMounts?.find((mount) => mount.name === volume)?.mountPath ?? '(not mounted)'
      );
    };
    clientPorts = [await freeLoopbackPort(), await freeLoopbackPort()];
    clusterPorts = [await freeLoopbackPort(), await freeLoopbackPort()];
    const monitorPorts = [await freeLoopbackPort(), await freeLoopbackPort()];
    monitorOf = (index) => `http://127.0.0.1:${monitorPorts[index] ?? 0}`;
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
    for (const server of servers) await server.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is a configuration nats-server accepts, certificates and all', () => {
    const check = spawnSync('nats-server', ['-t', '-c', configOf('check')], {
      env: { ...process.env, POD_NAME: 'nats-0' },
      encoding: 'utf8',
    });
    expect([check.status, check.stderr.trim()]).toEqual([0, expect.stringContaining('is valid')]);
    // Without its key, refused: the TLS blocks do read the mounted files.
    const withoutKey = configOf('check-without-key');
    rmSync(join(folder, 'check-without-key', tlsMount(), 'tls.key'));
    const refused = spawnSync('nats-server', ['-t', '-c', withoutKey], {
      env: { ...process.env, POD_NAME: 'nats-1' },
      encoding: 'utf8',
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('tls.key');
  });

  it('forms a cluster over TLS routes, and carries a process’s message across it over TLS', async () => {
    for (const [index, name] of ['nats-0', 'nats-1'].entries()) {
      const other = clusterPorts[1 - index] ?? 0;
      servers.push(
        await startNatsServer(
          [
            '-c',
            configOf(name),
            '-a',
            '127.0.0.1',
            '-p',
            String(clientPorts[index]),
            '-m',
            String(monitorOf(index).split(':').pop()),
            '--cluster',
            `nats://127.0.0.1:${clusterPorts[index] ?? 0}`,
            '--routes',
            `nats://127.0.0.1:${other}`,
          ],
          { POD_NAME: name },
        ),
      );
    }
    const routes = async (index: number) =>
      ((await (await fetch(`${monitorOf(index)}/routez`)).json()) as { num_routes: number }).num_routes;
    await until(async () => (await routes(0)) >= 1 && (await routes(1)) >= 1, {
      timeoutMs: 15_000,
      what: 'the two servers to route to each other',
    });

    // Each process as its Deployment configures it, pointed at a server on this machine.
    const connectAs = async (deployment: string, server: number) => {
      const env = processEnvironment(
        objects,
        podOf(objects, `Deployment/${deployment}`),
        secrets,
        join(folder, deployment),
      );
      expect(env['NATS_URL']).toMatch(/^tls:\/\//);
      const settings = loadConfig(deployment, commonSchema, {
        ...env,
        NATS_URL: env['NATS_URL']?.replace(/\/\/[^,]+/, `//127.0.0.1:${clientPorts[server] ?? 0}`),
      });
      const connection = await connect({
        ...natsConnectionOptions(settings, `tls-${deployment}`),
        reconnect: false,
      });
      connections.push(connection);
      return connection;
    };
    const gateway = await connectAs('gateway', 1);
    const equipment = await connectAs('equipment', 0);
    const received: string[] = [];
    const subscription = gateway.subscribe('events.equipment.>');
    void (async () => {
      for await (const message of subscription) received.push(text.decode(message.data));
    })();
    await gateway.flush();
    // The interest reaches the other server over the route shortly after: publish until it arrives.
    await until(
      async () => {
        equipment.publish('events.equipment.tls-check', text.encode('across the route'));
        await equipment.flush();
        return received.includes('across the route');
      },
      { timeoutMs: 10_000, what: 'the event to cross the route' },
    );
    const connz = (await (await fetch(`${monitorOf(0)}/connz`)).json()) as {
      connections: { name?: string; tls_version?: string }[];
    };
    expect(connz.connections.find((connection) => connection.name === 'tls-equipment')?.tls_version).toMatch(
      /^1\.[23]$/,
    );
    // The server tells every client, before anything else, that TLS is required.
    expect(await serverInfo(clientPorts[0] ?? 0)).toMatchObject({ tls_required: true });
  });

  it('refuses as a route a server with a certificate of another authority, or without TLS', async () => {
    const [first] = servers;
    if (!first) throw new Error('the cluster did not start');
    const stranger = makeThrowawayTls(join(folder, 'stranger'), { ipAddresses: ['127.0.0.1'] });
    const refusals = () => first.log.filter((line) => /TLS route handshake error/.test(line)).length;

    const strangerConfig = join(folder, 'stranger.conf');
    const [strangerClient, strangerCluster] = [await freeLoopbackPort(), await freeLoopbackPort()];
    writeFileSync(
      strangerConfig,
      [
        `listen: 127.0.0.1:${strangerClient}`,
        'cluster {',
        '  name: caliber',
        `  listen: 127.0.0.1:${strangerCluster}`,
        `  routes: [ nats://127.0.0.1:${clusterPorts[0] ?? 0} ]`,
        // It trusts the right authority, but presents a certificate of its own.
        `  tls { cert_file: "${stranger.certFile}", key_file: "${stranger.keyFile}", ca_file: "${tls.caFile}", verify: true }`,
        '}',
        '',
      ].join('\n'),
    );
    let before = refusals();
    servers.push(await startNatsServer(['-c', strangerConfig]));
    await until(() => refusals() > before, { timeoutMs: 10_000, what: 'the stranger’s route to be refused' });

    const [plainClient, plainCluster] = [await freeLoopbackPort(), await freeLoopbackPort()];
    before = refusals();
    servers.push(
      await startNatsServer([
        '-a',
        '127.0.0.1',
        '-p',
        String(plainClient),
        '--cluster_name',
        'caliber',
        '--cluster',
        `nats://127.0.0.1:${plainCluster}`,
        '--routes',
        `nats://127.0.0.1:${clusterPorts[0] ?? 0}`,
      ]),
    );
    await until(() => refusals() > before, { timeoutMs: 10_000, what: 'the plain-text route to be refused' });

    // One route still: to the other production server.
    const routez = (await (await fetch(`${monitorOf(0)}/routez`)).json()) as { num_routes: number };
    expect(routez.num_routes).toBe(1);
  });
});
