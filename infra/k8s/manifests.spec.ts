import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DOCUMENT_MAX_BYTES, DOMAIN_SERVICES, REMOTE_NAMES } from '@caliber/contracts';
import { natsPermissionsByUser, WATCHDOG_MARGIN_MS, type ShutdownSettings } from '@caliber/service-kit';
import {
  PrometheusRule,
  ServiceMonitor,
} from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Role, RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { ConfigMap, PersistentVolumeClaim, Service, ServiceAccount } from 'kubernetes-models/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { loadEquipmentConfig } from '../../services/equipment/src/config';
import { loadGatewayConfig } from '../../services/gateway/src/config';
import { loadIdentityConfig } from '../../services/identity/src/config';
import { loadMaintenanceConfig } from '../../services/maintenance/src/config';
import { loadNotificationsConfig } from '../../services/notifications/src/config';
import { loadReportsConfig } from '../../services/reports/src/config';
import { webServerConfigOf } from '../../services/web-server/src/web-server';
import { makeThrowawayTls } from '../../libs/service-kit/src/testing/throwaway-tls';
import { PROCESS_NODE_FLAGS } from '../local/src/node-flags';
import { deploymentCredentials } from './credentials';
import { nameOf, podSpecOf, render, requireKustomize5, type KubeObject } from './kustomize';

/**
 * The Kubernetes manifests, as `kubectl kustomize` renders each overlay: every object valid
 * against the Kubernetes schemas (offline, kubernetes-models), and the rules a review would check
 * by hand held by assertions that name the object to fix. Rendering needs kubectl with kustomize
 * v5; it is the tool the guide applies them with.
 */

const K8S = __dirname;
const OVERLAYS = ['development', 'production'] as const;
type Overlay = (typeof OVERLAYS)[number];

type Model = { apiVersion: string; kind: string } & (new (data: never) => { validate(): void });

/** The schema of every kind the manifests use; a new kind is added here to be checked. */
const MODELS = new Map<string, Model>(
  [
    ConfigMap,
    PersistentVolumeClaim,
    Service,
    ServiceAccount,
    Deployment,
    StatefulSet,
    Job,
    CronJob,
    HorizontalPodAutoscaler,
    PodDisruptionBudget,
    Ingress,
    NetworkPolicy,
    Role,
    RoleBinding,
    ServiceMonitor,
    PrometheusRule,
  ].map((model: Model) => [`${model.apiVersion}/${model.kind}`, model]),
);

/** The labels of the pods an object runs. */
function podLabelsOf(object: KubeObject): Record<string, string> {
  type Template = { metadata?: { labels?: Record<string, string> } };
  const spec = object.spec as
    { template?: Template; jobTemplate?: { spec?: { template?: Template } } } | undefined;
  const template = object.kind === 'CronJob' ? spec?.jobTemplate?.spec?.template : spec?.template;
  return template?.metadata?.labels ?? {};
}

interface RunningContainer {
  owner: KubeObject;
  pod: IPodSpec;
  container: IContainer;
  /** `Deployment/gateway container gateway`: what a failure names. */
  label: string;
}

function containersOf(objects: KubeObject[]): RunningContainer[] {
  return objects.flatMap((owner) => {
    const pod = podSpecOf(owner);
    if (!pod) return [];
    return [...(pod.initContainers ?? []), ...pod.containers].map((container) => ({
      owner,
      pod,
      container,
      label: `${nameOf(owner)} container ${container.name}`,
    }));
  });
}

/** Pods that run to completion: probes do not apply to them. */
const RUNS_TO_COMPLETION = ['Job', 'CronJob'];

/** Every Secret a pod or an Ingress names, with the keys it reads (all keys: '*'). */
function secretReferences(objects: KubeObject[]): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (name: string, key: string) => found.set(name, (found.get(name) ?? new Set()).add(key));
  for (const object of objects) {
    const pod = podSpecOf(object);
    for (const container of pod ? [...(pod.initContainers ?? []), ...pod.containers] : []) {
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref?.name) add(ref.name, ref.key);
      }
      for (const source of container.envFrom ?? [])
        if (source.secretRef?.name) add(source.secretRef.name, '*');
    }
    for (const volume of pod?.volumes ?? []) {
      const secret = volume.secret;
      if (!secret?.secretName) continue;
      if (secret.items) for (const item of secret.items) add(secret.secretName, item.key);
      else add(secret.secretName, '*');
    }
    for (const tls of object.kind === 'Ingress'
      ? ((object.spec?.['tls'] as { secretName?: string }[]) ?? [])
      : [])
      for (const key of ['tls.crt', 'tls.key']) if (tls.secretName) add(tls.secretName, key);
  }
  return found;
}

function matches(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) {
  return Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);
}

/** Each Node.js process's own configuration loader, by its service folder. */
/** Whether a network policy's pod selector (labels, and `In` expressions) picks pods of these labels. */
function podSelectorMatches(policy: KubeObject, labels: Record<string, string>): boolean {
  const selector = policy.spec?.['podSelector'] as
    | {
        matchLabels?: Record<string, string>;
        matchExpressions?: { key: string; operator: string; values?: string[] }[];
      }
    | undefined;
  if (!matches(selector?.matchLabels, labels)) return false;
  return (selector?.matchExpressions ?? []).every(
    (expression) =>
      expression.operator === 'In' && (expression.values ?? []).includes(labels[expression.key] ?? ''),
  );
}

const CONFIG_LOADERS: Record<string, (env: NodeJS.ProcessEnv) => unknown> = {
  gateway: loadGatewayConfig,
  identity: loadIdentityConfig,
  equipment: loadEquipmentConfig,
  maintenance: loadMaintenanceConfig,
  reports: loadReportsConfig,
  notifications: loadNotificationsConfig,
};

/** A value of the right shape for each key the Secrets hold, as the operator would give it. */
const SAMPLE_SECRET_VALUES: Record<string, string> = {
  JWT_SECRET: 'j'.repeat(48),
  OTP_PEPPER: 'p'.repeat(48),
  SMS_HTTP_URL: 'https://sms.provider.invalid/send',
  SMS_SENDER_ID: 'Caliber',
  SMS_HTTP_TOKEN: 'token',
  SMTP_URL: 'smtp://user:password@mail.hospital.invalid:587',
  SSO_PROVIDERS: JSON.stringify([
    {
      id: 'hospital',
      label: 'Hospital account',
      issuer: 'https://login.microsoftonline.com/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/v2.0',
      clientId: '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a',
      clientSecret: 'secret',
      personClaim: 'email',
      rosterField: 'email',
      roles: { '1b2c3d4e-0000-4000-8000-000000000001': 'Engineer' },
    },
  ]),
  REDIS_URL: 'redis://:password@redis:6379',
  DATABASE_URL: 'postgresql://service:password@postgres:5432/caliber',
  S3_ACCESS_KEY_ID: 'caliber-files',
};

/** What the operator's own Secrets hold as mounted files, for the configuration check. */
const SAMPLE_SECRET_FILES: Record<string, string> = {
  'caliber-object-store/S3_SECRET_ACCESS_KEY': 's'.repeat(40),
};

/** The Secret caliber-nats-tls as cert-manager writes it: throw-away files made once per run. */
let natsTlsSecret: Record<string, string> | undefined;
function natsTlsSecretFiles(): Record<string, string> {
  if (!natsTlsSecret) {
    const folder = mkdtempSync(join(tmpdir(), 'caliber-manifest-tls-'));
    try {
      const tls = makeThrowawayTls(folder, { dnsNames: ['nats'] });
      natsTlsSecret = {
        'caliber-nats-tls/ca.crt': readFileSync(tls.caFile, 'utf8'),
        'caliber-nats-tls/tls.crt': readFileSync(tls.certFile, 'utf8'),
        'caliber-nats-tls/tls.key': readFileSync(tls.keyFile, 'utf8'),
      };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  return natsTlsSecret;
}

/**
 * The environment a container would see, with every Secret given a sample value and every file
 * variable (`*_FILE`) pointed at a copy, under `folder`, of the file mounted at that path; a path
 * that no mounted Secret item provides is reported, as is a Secret key without a sample.
 */
function containerEnvironment(
  objects: KubeObject[],
  { pod, container }: RunningContainer,
  folder: string,
): { env: NodeJS.ProcessEnv; problems: string[] } {
  const env: NodeJS.ProcessEnv = {};
  const problems: string[] = [];
  for (const source of container.envFrom ?? []) {
    const map = objects.find(
      (object) => object.kind === 'ConfigMap' && object.metadata.name === source.configMapRef?.name,
    );
    if (!map)
      problems.push(`envFrom names ConfigMap ${source.configMapRef?.name ?? '?'}, which is not rendered`);
    Object.assign(env, map?.data);
  }
  const credentials = {
    ...deploymentCredentials(() => 'password'),
    ...natsTlsSecretFiles(),
    ...SAMPLE_SECRET_FILES,
  };
  for (const variable of container.env ?? []) {
    const secretKey = variable.valueFrom?.secretKeyRef?.key;
    if (secretKey !== undefined) {
      const sample = SAMPLE_SECRET_VALUES[secretKey];
      if (sample === undefined)
        problems.push(`${variable.name}: no sample value for Secret key ${secretKey}`);
      env[variable.name] = sample;
      continue;
    }
    if (!variable.name.endsWith('_FILE') || variable.value === undefined) {
      env[variable.name] = variable.value;
      continue;
    }
    const mount = container.volumeMounts?.find((each) => variable.value?.startsWith(`${each.mountPath}/`));
    const secret = pod.volumes?.find((volume) => volume.name === mount?.name)?.secret;
    const item = secret?.items?.find((each) => `${mount?.mountPath}/${each.path}` === variable.value);
    const content = credentials[`${secret?.secretName ?? ''}/${item?.key ?? ''}`];
    if (content === undefined) {
      problems.push(`${variable.name}: ${variable.value} is not a mounted Secret item`);
      continue;
    }
    const copy = join(folder, `${variable.name}-${Object.keys(env).length}`);
    writeFileSync(copy, content);
    env[variable.name] = copy;
  }
  return { env, problems };
}

interface EgressRule {
  to?: Record<string, unknown>[];
  ports?: { protocol?: string; port?: number | string }[];
}

/** Every egress rule of every network policy, with its policy. */
function egressRules(objects: KubeObject[]): { policy: KubeObject; rule: EgressRule }[] {
  return objects
    .filter((object) => object.kind === 'NetworkPolicy')
    .flatMap((policy) =>
      ((policy.spec?.['egress'] as EgressRule[] | undefined) ?? []).map((rule) => ({ policy, rule })),
    );
}

/**
 * The NATS servers' configuration as a server reads it: nats-server.conf with each `include` of
 * another file of the ConfigMap put in its place.
 */
function natsServerConfig(objects: KubeObject[]): string {
  const files =
    objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('nats-config-'))
      ?.data ?? {};
  return (files['nats-server.conf'] ?? '').replace(
    /^\s*include\s+"([^"]+)"\s*$/gm,
    (line, file: string) => files[file] ?? line,
  );
}

/** The `name { … }` blocks at the outermost level of a NATS configuration, by name, comments left out. */
function natsBlocks(text: string): Record<string, string> {
  const blocks: Record<string, string> = {};
  const code = text.replace(/#.*$/gm, '');
  let depth = 0;
  let start = -1;
  let name = '';
  for (let index = 0; index < code.length; index += 1) {
    if (code[index] === '{') {
      if (depth === 0) {
        name = /(\w+)\s*:?\s*$/.exec(code.slice(0, index))?.[1] ?? '';
        start = index + 1;
      }
      depth += 1;
    } else if (code[index] === '}') {
      depth -= 1;
      if (depth === 0) blocks[name] = code.slice(start, index);
    }
  }
  return blocks;
}

/** A `key: "value"` (or `key: value`) setting of a NATS configuration block. */
function natsSetting(block: string, key: string): string | undefined {
  return new RegExp(`^\\s*${key}\\s*:\\s*"?([^"\\s]+)"?\\s*$`, 'm').exec(block)?.[1];
}

/**
 * The one peer allowed in from outside the namespace to read metrics: the Prometheus pods of the
 * monitoring namespace (docs/running/metrics.md says how to change it).
 */
const MONITORING_PEER = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
  podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
};

interface IngressRule {
  from?: Record<string, unknown>[];
  ports?: { protocol?: string; port?: number | string }[];
}

/** A container's port, by the name or number a Service or a policy gives (`targetPort`, `port`). */
function containerPortOf(container: IContainer, port: number | string | undefined): number | undefined {
  if (typeof port === 'number')
    return container.ports?.some((each) => each.containerPort === port) ? port : undefined;
  return container.ports?.find((each) => each.name === port)?.containerPort;
}

/**
 * The port a Caliber container serves /metrics on, as its own configuration has it: the gateway's
 * METRICS_PORT, a domain service's probe port, a report worker's probe port.
 */
function metricsPortOf(objects: KubeObject[], running: RunningContainer, folder: string): number | undefined {
  const command = running.container.command?.join(' ') ?? '';
  const entry = /services\/([\w-]+)\/dist\/(\w+)\.js\b/.exec(command);
  const load = CONFIG_LOADERS[entry?.[1] ?? ''];
  if (!entry || !load || command.endsWith(' migrate')) return undefined;
  const config = load(containerEnvironment(objects, running, folder).env) as {
    metricsPort?: number;
    healthPort?: number;
    workerHealthPort?: number;
  };
  if (entry[1] === 'gateway') return config.metricsPort;
  return entry[2] === 'worker' ? config.workerHealthPort : config.healthPort;
}

const rendered = {} as Record<Overlay, KubeObject[]>;

beforeAll(() => {
  requireKustomize5();
  for (const overlay of OVERLAYS) rendered[overlay] = render(join(K8S, 'overlays', overlay));
});

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  const objects = () => rendered[overlay];
  const containers = () => containersOf(objects());

  it('renders objects that the Kubernetes schemas accept', () => {
    const problems: string[] = [];
    for (const object of objects()) {
      const model = MODELS.get(`${object.apiVersion}/${object.kind}`);
      if (!model) {
        problems.push(
          `${nameOf(object)}: no schema known for ${object.apiVersion} ${object.kind} (add it to MODELS)`,
        );
        continue;
      }
      try {
        new model(object as never).validate();
      } catch (error) {
        problems.push(`${nameOf(object)}: ${(error as Error).message}`);
      }
    }
    expect(objects().length).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it('renders no Secret: every Secret is created by the operator and only referenced here', () => {
    expect(
      objects()
        .filter((object) => object.kind === 'Secret')
        .map(nameOf),
    ).toEqual([]);
  });

  it('runs no container as root: runAsNonRoot, and a runAsUser other than 0', () => {
    const offenders = containers()
      .filter(({ pod, container }) => {
        const runAsNonRoot = container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
        const runAsUser = container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
        return runAsNonRoot !== true || runAsUser === undefined || runAsUser === 0;
      })
      .map(({ label }) => label);
    expect(offenders).toEqual([]);
  });

  it('gives every container a read-only root filesystem, no privilege escalation, no capabilities, the runtime seccomp profile', () => {
    const offenders = containers().flatMap(({ pod, container, label }) => {
      const context = container.securityContext;
      const seccomp = context?.seccompProfile?.type ?? pod.securityContext?.seccompProfile?.type;
      return [
        context?.readOnlyRootFilesystem === true ? [] : [`${label}: readOnlyRootFilesystem is not true`],
        context?.allowPrivilegeEscalation === false
          ? []
          : [`${label}: allowPrivilegeEscalation is not false`],
        context?.capabilities?.drop?.includes('ALL') ? [] : [`${label}: capabilities do not drop ALL`],
        context?.capabilities?.add?.length ? [`${label}: adds capabilities`] : [],
        seccomp === 'RuntimeDefault' ? [] : [`${label}: seccompProfile is not RuntimeDefault`],
      ].flat();
    });
    expect(offenders).toEqual([]);
  });

  it('names every image with a tag or a digest, never `latest`', () => {
    const offenders = containers()
      .filter(({ container }) => {
        const image = container.image ?? '';
        if (image.includes('@sha256:')) return false;
        const tag = /:([^:/]+)$/.exec(image)?.[1];
        return tag === undefined || tag === 'latest';
      })
      .map(({ label, container }) => `${label}: ${container.image ?? '(no image)'}`);
    expect(offenders).toEqual([]);
  });

  // A tag naming a minor (`nats:2.10-alpine`) moves under the cluster with each patch release:
  // two nodes of one StatefulSet may run different servers, and a rollback does not go back.
  // Production names a whole version (or a digest) for every image, ours and others'.
  if (overlay === 'production')
    it('names a whole version (major.minor.patch) or a digest for every image', () => {
      const offenders = containers()
        .filter(({ container }) => {
          const image = container.image ?? '';
          return !image.includes('@sha256:') && !/:v?\d+\.\d+\.\d+[^:/]*$/.test(image);
        })
        .map(({ label, container }) => `${label}: ${container.image ?? '(no image)'}`);
      expect(offenders).toEqual([]);
    });

  it('gives every long-running container a readiness and a liveness probe (Jobs run to completion)', () => {
    const offenders = containers()
      .filter(({ owner }) => !RUNS_TO_COMPLETION.includes(owner.kind))
      .flatMap(({ container, label }) => [
        ...(container.readinessProbe ? [] : [`${label}: no readinessProbe`]),
        ...(container.livenessProbe ? [] : [`${label}: no livenessProbe`]),
      ]);
    expect(offenders).toEqual([]);
  });

  it('gives every container CPU and memory requests and limits', () => {
    const offenders = containers().flatMap(({ container, label }) =>
      (['requests', 'limits'] as const).flatMap((kind) =>
        (['cpu', 'memory'] as const)
          .filter((resource) => container.resources?.[kind]?.[resource] === undefined)
          .map((resource) => `${label}: no ${resource} ${kind}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('mounts /tmp as an emptyDir in every Caliber container (the one place a process writes)', () => {
    const offenders = containers()
      .filter(({ container }) => container.image?.includes('caliber/'))
      .filter(({ pod, container }) => {
        const mount = container.volumeMounts?.find((each) => each.mountPath === '/tmp');
        return !pod.volumes?.some((volume) => volume.name === mount?.name && volume.emptyDir);
      })
      .map(({ label }) => label);
    expect(offenders).toEqual([]);
  });

  it('denies all ingress to the namespace by default', () => {
    const defaultDeny = objects().filter((object) => {
      if (object.kind !== 'NetworkPolicy') return false;
      const spec = object.spec as {
        podSelector?: { matchLabels?: object; matchExpressions?: unknown[] };
        policyTypes?: string[];
        ingress?: unknown[];
      };
      const everyPod =
        Object.keys(spec.podSelector?.matchLabels ?? {}).length === 0 &&
        (spec.podSelector?.matchExpressions ?? []).length === 0;
      return everyPod && spec.policyTypes?.includes('Ingress') && (spec.ingress ?? []).length === 0;
    });
    expect(defaultDeny.map(nameOf)).toEqual(['NetworkPolicy/default-deny']);
  });

  it('lets every pod resolve names at the cluster DNS (kube-dns in kube-system) and nowhere else', () => {
    const kubeDns = {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
      podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
    };
    const rules = egressRules(objects());
    const dns = rules.filter(({ rule }) => rule.ports?.some((port) => port.port === 53));
    expect(dns.map(({ policy }) => nameOf(policy))).toEqual(['NetworkPolicy/allow-dns']);
    expect(dns[0]?.policy.spec?.['podSelector']).toEqual({});
    expect(dns.map(({ rule }) => rule)).toEqual([
      {
        to: [kubeDns],
        ports: [
          { protocol: 'UDP', port: 53 },
          { protocol: 'TCP', port: 53 },
        ],
      },
    ]);
  });

  it('names a destination in every egress rule: none allows anywhere', () => {
    const offenders = egressRules(objects())
      .filter(({ rule }) => !rule.to || rule.to.length === 0)
      .map(({ policy }) => nameOf(policy));
    expect(offenders).toEqual([]);
  });

  it('lets only the gateway and the front ends be reached from outside the namespace', () => {
    const workloads = objects().filter((object) => podSpecOf(object));
    const offenders = objects()
      .filter((object) => object.kind === 'NetworkPolicy')
      .flatMap((policy) => {
        const spec = policy.spec as {
          podSelector?: { matchLabels?: Record<string, string> };
          ingress?: { from?: { namespaceSelector?: unknown; ipBlock?: unknown }[] }[];
        };
        // A rule without `from` admits everyone; a namespace selector or an address block admits
        // pods of other namespaces or machines outside the cluster.
        // The monitoring namespace's Prometheus to a metrics port (checked in "Prometheus scrapes
        // every process") is the one exception.
        const fromOutside = (spec.ingress ?? []).some(
          (rule) =>
            !isDeepStrictEqual(rule.from, [MONITORING_PEER]) &&
            (!rule.from ||
              rule.from.some((peer) => peer.namespaceSelector !== undefined || peer.ipBlock !== undefined)),
        );
        if (!fromOutside) return [];
        // Selected by its labels (a selector of expressions only is taken to select every pod).
        return workloads
          .filter((workload) => matches(spec.podSelector?.matchLabels, podLabelsOf(workload)))
          .filter(
            (workload) =>
              !['gateway', 'web'].includes(podLabelsOf(workload)['app.kubernetes.io/component'] ?? ''),
          )
          .map((workload) => `${nameOf(policy)} admits outside traffic to ${nameOf(workload)}`);
      });
    expect(offenders).toEqual([]);
  });

  it('gives every Caliber process an environment its own configuration accepts', () => {
    const folder = mkdtempSync(join(tmpdir(), 'caliber-manifest-env-'));
    try {
      // Every container of the gateway, the services, the workers and the migrations runs one.
      const nodeProcesses = containers().filter(({ owner }) =>
        ['gateway', 'service', 'worker', 'migration'].includes(
          owner.metadata.labels?.['app.kubernetes.io/component'] ?? '',
        ),
      );
      expect(nodeProcesses.length).toBeGreaterThanOrEqual(10);
      const problems = nodeProcesses.flatMap((running) => {
        const service = /services\/([\w-]+)\/dist\/\w+\.js\b/.exec(
          running.container.command?.join(' ') ?? '',
        )?.[1];
        if (service === undefined)
          return [`${running.label}: its command runs no services/<name>/dist entry`];
        const load = CONFIG_LOADERS[service];
        if (!load) return [`${running.label}: no configuration loader known for ${service}`];
        const { env, problems: found } = containerEnvironment(objects(), running, folder);
        try {
          load(env);
        } catch (error) {
          found.push((error as Error).message);
        }
        return found.map((problem) => `${running.label}: ${problem}`);
      });
      expect(problems).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives every long-running Caliber process longer to stop than its own bound (SHUTDOWN_GRACE_MS)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'caliber-manifest-grace-'));
    try {
      const longRunning = containers().filter(({ owner }) =>
        ['gateway', 'service', 'worker'].includes(
          owner.metadata.labels?.['app.kubernetes.io/component'] ?? '',
        ),
      );
      expect(longRunning.length).toBeGreaterThanOrEqual(6);
      const tooShort = longRunning.flatMap((running) => {
        const service = /services\/([\w-]+)\/dist\/\w+\.js\b/.exec(
          running.container.command?.join(' ') ?? '',
        )?.[1];
        const load = CONFIG_LOADERS[service ?? ''];
        if (!load) return [`${running.label}: no configuration loader known`];
        const { shutdown } = load(containerEnvironment(objects(), running, folder).env) as {
          shutdown: ShutdownSettings;
        };
        // Kubernetes' default when a pod does not say: 30 s. The process ends itself, at the
        // latest, its grace period plus the watchdog's margin after SIGTERM; the kubelet's
        // SIGKILL must never come first (it would cut a report or a request in half).
        const podGraceMs = (running.pod.terminationGracePeriodSeconds ?? 30) * 1000;
        return shutdown.graceMs + WATCHDOG_MARGIN_MS < podGraceMs
          ? []
          : [
              `${running.label}: stops within ${shutdown.graceMs + WATCHDOG_MARGIN_MS} ms, the pod allows ${podGraceMs}`,
            ];
      });
      expect(tooShort).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives every front end’s server an environment it accepts, the shell’s page the addresses the gateway hands out', () => {
    const folder = mkdtempSync(join(tmpdir(), 'caliber-manifest-web-'));
    try {
      const environment = (name: string) => {
        const running = containers().find(({ owner }) => nameOf(owner) === `Deployment/${name}`);
        if (!running) throw new Error(`Deployment/${name} is not rendered`);
        const { env, problems } = containerEnvironment(objects(), running, folder);
        expect(problems).toEqual([]);
        return env;
      };
      for (const name of ['shell', ...REMOTE_NAMES.map((remote) => `mfe-${remote}`)])
        expect(() => webServerConfigOf(environment(name))).not.toThrow();
      // The page's content security policy allows exactly where /app-config.json sends it.
      const { apiBaseUrl, socketUrl, remotes } = loadGatewayConfig(environment('gateway')).web;
      expect(webServerConfigOf(environment('shell')).page).toEqual({ apiBaseUrl, socketUrl, remotes });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('references only the Secrets the guide lists, with their keys', () => {
    const guide = readFileSync(join(K8S, 'README.md'), 'utf8').split('\n');
    const missing: string[] = [];
    for (const [secret, keys] of secretReferences(objects())) {
      const rows = guide.filter((line) => line.startsWith('|') && line.includes(`\`${secret}\``));
      if (rows.length === 0) missing.push(`${secret}: not in the guide's table of Secrets`);
      for (const key of keys)
        if (key !== '*' && !rows.some((row) => row.includes(`\`${key}\``)))
          missing.push(`${secret}: key ${key} not in its row of the guide`);
    }
    expect(missing).toEqual([]);
  });
});

describe.each(OVERLAYS)('documents and photos in the %s overlay', (overlay) => {
  const objects = () => rendered[overlay];
  const FILE_KEEPERS = ['gateway', 'identity', 'equipment', 'maintenance'];
  const keepers = () =>
    containersOf(objects()).filter(({ owner }) =>
      FILE_KEEPERS.includes(owner.metadata.labels?.['app.kubernetes.io/name'] ?? ''),
    );

  it('keeps them in the object store: FILE_STORE=s3 and its bucket from a ConfigMap, the key from the Secret caliber-object-store, the secret as a file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'caliber-manifest-files-'));
    try {
      expect(
        keepers()
          .map(({ owner }) => nameOf(owner))
          .sort(),
      ).toEqual(FILE_KEEPERS.map((name) => `Deployment/${name}`).sort());
      for (const running of keepers()) {
        const { env } = containerEnvironment(objects(), running, folder);
        expect({ name: running.label, store: env['FILE_STORE'], bucket: env['S3_BUCKET'] }).toEqual({
          name: running.label,
          store: 's3',
          bucket: expect.stringMatching(/^[a-z0-9.-]{3,63}$/) as string,
        });
        expect(env['S3_ENDPOINT']).toMatch(/^https?:\/\//);
        // The secret never as a plain variable: a file of the Secret, read by the process.
        expect(env['S3_SECRET_ACCESS_KEY']).toBeUndefined();
        expect(readFileSync(env['S3_SECRET_ACCESS_KEY_FILE'] ?? '', 'utf8')).toBe(
          SAMPLE_SECRET_FILES['caliber-object-store/S3_SECRET_ACCESS_KEY'],
        );
        expect(
          running.container.env?.find((variable) => variable.name === 'S3_ACCESS_KEY_ID')?.valueFrom
            ?.secretKeyRef,
        ).toEqual({ name: 'caliber-object-store', key: 'S3_ACCESS_KEY_ID' });
      }
      // No other process is given the object store's key.
      const others = containersOf(objects()).filter(
        (running) =>
          !FILE_KEEPERS.includes(running.owner.metadata.labels?.['app.kubernetes.io/name'] ?? '') &&
          JSON.stringify(running.pod).includes('caliber-object-store'),
      );
      expect(others.map((running) => running.label)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('lets the gateway, identity, equipment and maintenance reach the object store’s port, and no other process', () => {
    const folder = mkdtempSync(join(tmpdir(), 'caliber-manifest-files-'));
    try {
      const [first] = keepers();
      if (!first) throw new Error('No process keeps files');
      const endpoint = new URL(containerEnvironment(objects(), first, folder).env['S3_ENDPOINT'] ?? '');
      const port = Number(endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80));
      const reaching = egressRules(objects())
        .filter(({ rule }) => (rule.ports ?? []).some((each) => Number(each.port) === port))
        .filter(({ rule }) => (rule.to ?? []).some((to) => 'ipBlock' in to));
      const allowed = new Set<string>();
      for (const running of containersOf(objects()))
        for (const { policy } of reaching)
          if (podSelectorMatches(policy, podLabelsOf(running.owner)))
            allowed.add(running.owner.metadata.labels?.['app.kubernetes.io/name'] ?? '');
      for (const name of FILE_KEEPERS) expect({ [name]: allowed.has(name) }).toEqual({ [name]: true });
      const policy = objects().find(
        (object) => nameOf(object) === 'NetworkPolicy/allow-egress-to-object-store',
      );
      expect(JSON.stringify(policy?.spec)).toContain(`"port":${port}`);
      expect(
        (policy?.spec?.['podSelector'] as { matchExpressions?: { values?: string[] }[] })
          .matchExpressions?.[0]?.values,
      ).toEqual(FILE_KEEPERS);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('lets the largest document through the Ingress, streamed (the gateway enforces each purpose’s own limit)', () => {
    const ingress = objects().find((object) => object.kind === 'Ingress');
    const annotations = ingress?.metadata.annotations ?? {};
    const size = /^(\d+)m$/.exec(annotations['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '');
    expect(Number(size?.[1]) * 1024 * 1024).toBeGreaterThan(DOCUMENT_MAX_BYTES);
    expect(annotations['nginx.ingress.kubernetes.io/proxy-request-buffering']).toBe('off');
  });
});

describe('production', () => {
  const objects = () => rendered.production;
  const workloads = () => objects().filter((object) => ['Deployment', 'StatefulSet'].includes(object.kind));

  /** What a workload runs at the least: its autoscaler's minimum when one owns it. */
  function minimumReplicas(workload: KubeObject): number {
    const autoscaler = objects().find(
      (object) =>
        object.kind === 'HorizontalPodAutoscaler' &&
        (object.spec?.['scaleTargetRef'] as { kind: string; name: string }).name === workload.metadata.name &&
        (object.spec?.['scaleTargetRef'] as { kind: string }).kind === workload.kind,
    );
    if (autoscaler) return (autoscaler.spec?.['minReplicas'] as number | undefined) ?? 1;
    return (workload.spec?.['replicas'] as number | undefined) ?? 1;
  }

  it('has a PodDisruptionBudget for every workload that runs more than one replica', () => {
    const budgets = objects().filter((object) => object.kind === 'PodDisruptionBudget');
    const offenders = workloads()
      .filter((workload) => minimumReplicas(workload) > 1)
      .filter(
        (workload) =>
          !budgets.some((budget) =>
            matches(
              (budget.spec?.['selector'] as { matchLabels?: Record<string, string> }).matchLabels,
              podLabelsOf(workload),
            ),
          ),
      )
      .map(nameOf);
    expect(offenders).toEqual([]);
  });

  it('runs at least two replicas of the gateway, every service, the workers and NATS', () => {
    const offenders = workloads()
      .filter((workload) =>
        ['gateway', 'service', 'worker', 'nats'].includes(
          workload.metadata.labels?.['app.kubernetes.io/component'] ?? '',
        ),
      )
      .filter((workload) => minimumReplicas(workload) < 2)
      .map((workload) => `${nameOf(workload)} runs ${minimumReplicas(workload)}`);
    expect(offenders).toEqual([]);
  });

  it('pins every Caliber image to a release version', () => {
    const offenders = containersOf(objects())
      .filter(({ container }) => container.image?.includes('caliber/'))
      .filter(({ container }) => !/:\d+\.\d+\.\d+$/.test(container.image ?? ''))
      .map(({ label, container }) => `${label}: ${container.image ?? ''}`);
    expect(offenders).toEqual([]);
  });
});

describe('the manifests follow the registries', () => {
  const objects = () => rendered.production;
  const find = (kind: string, name: string) =>
    objects().find((object) => object.kind === kind && object.metadata.name === name);
  const containerOf = (object: KubeObject | undefined) =>
    object ? podSpecOf(object)?.containers[0] : undefined;

  it.each(DOMAIN_SERVICES.map((service) => [service.name, service] as const))(
    '%s has a Deployment probing its health port, a budget and a migration Job',
    (name, service) => {
      const container = containerOf(find('Deployment', name));
      const port = container?.env?.find((variable) => variable.name === service.healthPortVariable)?.value;
      expect(port).toBe(String(service.localHealthPort));
      expect(container?.ports?.find((each) => each.name === 'health')?.containerPort).toBe(
        service.localHealthPort,
      );
      expect(container?.readinessProbe?.httpGet?.path).toBe('/health/ready');
      expect(container?.livenessProbe?.httpGet?.path).toBe('/health/live');
      expect(container?.command).toContain(`services/${name}/dist/main.js`);
      expect(find('PodDisruptionBudget', name)).toBeDefined();
      expect(containerOf(find('Job', `${name}-migrate`))?.command?.slice(-2)).toEqual([
        `services/${name}/dist/main.js`,
        'migrate',
      ]);
    },
  );

  it('runs every worker of the registry as its own Deployment with its service’s user', () => {
    for (const service of DOMAIN_SERVICES)
      for (const worker of 'workers' in service ? service.workers : []) {
        const container = containerOf(find('Deployment', `${service.name}-${worker}`));
        expect(container?.command).toContain(`services/${service.name}/dist/${worker}.js`);
        expect(container?.env?.find((variable) => variable.name === 'NATS_USER')?.value).toBe(service.name);
      }
  });

  it('starts each process with the node flags the local stack gives it', () => {
    for (const [process, flags] of Object.entries(PROCESS_NODE_FLAGS)) {
      const command = containerOf(find('Deployment', process))?.command ?? [];
      expect(command.slice(0, -1)).toEqual(['node', '--enable-source-maps', ...flags]);
    }
  });

  it('serves every remote from its own front end under /remotes/<name>, where its entry points', () => {
    const ingress = find('Ingress', 'caliber');
    const paths = (
      ingress?.spec?.['rules'] as {
        http: { paths: { path: string; backend: { service: { name: string } } }[] };
      }[]
    ).flatMap((rule) => rule.http.paths);
    const base = render(join(K8S, 'base'));
    const entries = base.find((object) => object.metadata.name.startsWith('caliber-remote-entries'))?.data;
    for (const name of REMOTE_NAMES) {
      expect(find('Deployment', `mfe-${name}`)).toBeDefined();
      const env = containerOf(find('Deployment', `mfe-${name}`))?.env;
      expect(env?.find((variable) => variable.name === 'BASE_PATH')?.value).toBe(`/remotes/${name}`);
      expect(paths.find((path) => path.path === `/remotes/${name}`)?.backend.service.name).toBe(
        `mfe-${name}`,
      );
      expect(entries?.[`REMOTE_ENTRY_${name.toUpperCase()}`]).toBe(`/remotes/${name}/remoteEntry.js`);
    }
    expect(paths.find((path) => path.path === '/')?.backend.service.name).toBe('shell');
    for (const path of ['/api', '/socket.io', '/app-config.json'])
      expect(paths.find((each) => each.path === path)?.backend.service.name).toBe('gateway');
  });

  it('connects each process as a NATS user the bus defines, each user from its own Secret', () => {
    const users = new Map<string, string>();
    for (const { container, pod } of containersOf(objects())) {
      const user = container.env?.find((variable) => variable.name === 'NATS_USER')?.value;
      const secret = pod.volumes?.find((volume) => volume.name === 'credentials')?.secret?.secretName;
      if (user) users.set(user, secret ?? '(none)');
    }
    expect(Object.fromEntries(users)).toEqual(
      Object.fromEntries(
        Object.keys(natsPermissionsByUser()).map((user) => [user, `caliber-${user}-credentials`]),
      ),
    );
  });

  it('mounts only credential files that infra/k8s/credentials.ts writes', () => {
    const written = new Set(Object.keys(deploymentCredentials(() => 'password')));
    const generated = ['caliber-nats-authorization', 'caliber-trusted-keys', /^caliber-\w+-credentials$/];
    const offenders: string[] = [];
    for (const [secret, keys] of secretReferences(objects())) {
      if (!generated.some((name) => (typeof name === 'string' ? name === secret : name.test(secret))))
        continue;
      for (const key of keys) if (!written.has(`${secret}/${key}`)) offenders.push(`${secret}/${key}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('Prometheus scrapes every process in production', () => {
  const objects = () => rendered.production;
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'caliber-manifest-metrics-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  type Selector = { matchLabels?: Record<string, string> };
  interface ServicePort {
    name?: string;
    port: number;
    targetPort?: number | string;
  }
  interface ScrapeTarget {
    workload: KubeObject;
    running: RunningContainer;
    /** The container port the scrape reaches. */
    port: number;
  }

  const workloadsSelectedBy = (selector: Record<string, string> | undefined) =>
    objects().filter(
      (object) =>
        object.kind === 'Deployment' && matches(selector ?? { none: 'selects nothing' }, podLabelsOf(object)),
    );

  /**
   * Follows each ServiceMonitor's endpoints to the container ports they reach: ServiceMonitor →
   * the Services its selector picks (in its namespace) → each Service's port of the endpoint's
   * name → its targetPort in the pods of the Service → the port the process serves /metrics on.
   */
  function followServiceMonitors(): { targets: ScrapeTarget[]; problems: string[] } {
    const targets: ScrapeTarget[] = [];
    const problems: string[] = [];
    const monitors = objects().filter((object) => object.kind === 'ServiceMonitor');
    if (monitors.length === 0) problems.push('no ServiceMonitor is rendered');
    for (const monitor of monitors) {
      const spec = monitor.spec as {
        selector?: Selector;
        namespaceSelector?: { matchNames?: string[]; any?: boolean };
        endpoints?: { port?: string; path?: string }[];
      };
      const label = nameOf(monitor);
      if (
        spec.namespaceSelector &&
        !spec.namespaceSelector.matchNames?.includes(monitor.metadata.namespace ?? '')
      )
        problems.push(`${label}: looks beyond its own namespace`);
      const services = objects().filter(
        (object) =>
          object.kind === 'Service' &&
          object.metadata.namespace === monitor.metadata.namespace &&
          matches(spec.selector?.matchLabels ?? { none: 'selects nothing' }, object.metadata.labels),
      );
      if (services.length === 0) problems.push(`${label}: selects no Service that exists`);
      for (const endpoint of spec.endpoints ?? []) {
        if ((endpoint.path ?? '/metrics') !== '/metrics')
          problems.push(`${label}: scrapes ${endpoint.path ?? ''}`);
        if (!endpoint.port) problems.push(`${label}: an endpoint without a port name`);
        for (const service of services) {
          const servicePort = ((service.spec?.['ports'] as ServicePort[] | undefined) ?? []).find(
            (each) => each.name === endpoint.port,
          );
          if (!servicePort) {
            problems.push(`${label}: ${nameOf(service)} has no port named ${endpoint.port ?? '?'}`);
            continue;
          }
          const selected = workloadsSelectedBy(
            service.spec?.['selector'] as Record<string, string> | undefined,
          );
          if (selected.length === 0) problems.push(`${nameOf(service)}: selects no workload`);
          for (const workload of selected)
            for (const running of containersOf([workload]).filter(({ pod, container }) =>
              pod.containers.includes(container),
            )) {
              const port = containerPortOf(running.container, servicePort.targetPort ?? servicePort.port);
              const serves = metricsPortOf(objects(), running, folder);
              if (port === undefined)
                problems.push(
                  `${nameOf(service)}: targetPort ${String(servicePort.targetPort)} is no port of ${running.label}`,
                );
              else if (port !== serves)
                problems.push(
                  `${nameOf(service)}: reaches ${running.label} on ${port}, which serves no /metrics (${String(serves)} does)`,
                );
              else targets.push({ workload, running, port });
            }
        }
      }
    }
    return { targets, problems };
  }

  it('selects, with every ServiceMonitor, Services that exist, by a port name they have, targeting the port that serves /metrics', () => {
    const { targets, problems } = followServiceMonitors();
    expect(problems).toEqual([]);
    expect(targets.length).toBeGreaterThan(0);
  });

  it('scrapes every gateway, service and worker', () => {
    const scraped = new Set(followServiceMonitors().targets.map(({ workload }) => nameOf(workload)));
    const processes = objects()
      .filter(
        (object) =>
          object.kind === 'Deployment' &&
          ['gateway', 'service', 'worker'].includes(
            object.metadata.labels?.['app.kubernetes.io/component'] ?? '',
          ),
      )
      .map(nameOf);
    expect(processes.length).toBeGreaterThanOrEqual(6);
    expect([...scraped].sort()).toEqual(processes.sort());
  });

  it('lets the monitoring namespace reach each scraped port, and no other port', () => {
    const rules = objects()
      .filter((object) => object.kind === 'NetworkPolicy')
      .flatMap((policy) =>
        ((policy.spec?.['ingress'] as IngressRule[] | undefined) ?? [])
          .filter((rule) => isDeepStrictEqual(rule.from, [MONITORING_PEER]))
          .map((rule) => ({ policy, rule })),
      );
    const problems: string[] = [];
    for (const { policy, rule } of rules) {
      if (!rule.ports?.length)
        problems.push(`${nameOf(policy)}: admits the monitoring namespace to every port`);
      const selector = (policy.spec?.['podSelector'] as Selector | undefined)?.matchLabels;
      for (const workload of workloadsSelectedBy(selector))
        for (const running of containersOf([workload]))
          for (const { port } of rule.ports ?? []) {
            const reached = containerPortOf(running.container, port);
            if (reached !== undefined && reached !== metricsPortOf(objects(), running, folder))
              problems.push(
                `${nameOf(policy)}: admits the monitoring namespace to ${running.label} port ${String(port)}, which is not /metrics`,
              );
          }
    }
    for (const { workload, running, port } of followServiceMonitors().targets) {
      const admitted = rules.some(
        ({ policy, rule }) =>
          matches(
            (policy.spec?.['podSelector'] as Selector | undefined)?.matchLabels,
            podLabelsOf(workload),
          ) && (rule.ports ?? []).some((each) => containerPortOf(running.container, each.port) === port),
      );
      if (!admitted)
        problems.push(`${running.label}: no policy lets the monitoring namespace scrape port ${port}`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps the metrics off the Ingress: no Service it routes to reaches a metrics port', () => {
    const ingress = objects().find((object) => object.kind === 'Ingress');
    const routed = new Set(
      (
        ingress?.spec?.['rules'] as { http: { paths: { backend: { service: { name: string } } }[] } }[]
      ).flatMap((rule) => rule.http.paths.map((path) => path.backend.service.name)),
    );
    const offenders: string[] = [];
    for (const service of objects().filter(
      (object) => object.kind === 'Service' && routed.has(object.metadata.name),
    ))
      for (const workload of workloadsSelectedBy(
        service.spec?.['selector'] as Record<string, string> | undefined,
      ))
        for (const running of containersOf([workload]))
          for (const servicePort of (service.spec?.['ports'] as ServicePort[] | undefined) ?? []) {
            const port = containerPortOf(running.container, servicePort.targetPort ?? servicePort.port);
            if (port !== undefined && port === metricsPortOf(objects(), running, folder))
              offenders.push(`${nameOf(service)} routes to ${running.label}'s metrics port ${port}`);
          }
    expect(routed.has('gateway')).toBe(true);
    expect(offenders).toEqual([]);
  });
});

/** The `caliber_*` metrics a process defines: the names given to prom-client's constructors in its source. */
function definedCaliberMetrics(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist'].includes(entry.name)) visit(path);
      } else if (/\.ts$/.test(entry.name) && !/\.(spec|int-spec)\.ts$/.test(entry.name))
        for (const match of readFileSync(path, 'utf8').matchAll(/\bname: '(caliber_\w+)'/g))
          names.add(match[1] ?? '');
    }
  };
  for (const folder of ['services', 'libs/service-kit/src']) visit(join(K8S, '..', '..', folder));
  return names;
}

describe('the alerting rules in production', () => {
  interface AlertRule {
    alert?: string;
    expr?: string;
    for?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  }
  const rules = () =>
    rendered.production
      .filter((object) => object.kind === 'PrometheusRule')
      .flatMap((object) =>
        ((object.spec?.['groups'] as { rules?: AlertRule[] }[] | undefined) ?? []).flatMap(
          (group) => group.rules ?? [],
        ),
      );

  it('query only metrics a Caliber process defines (a renamed metric would silence its alert)', () => {
    const defined = definedCaliberMetrics();
    expect(defined.size).toBeGreaterThan(10);
    const histogramSuffix = /_(bucket|count|sum)$/;
    const offenders = rules().flatMap((rule) =>
      [...(rule.expr ?? '').matchAll(/\bcaliber_\w+/g)]
        .map((match) => match[0])
        .filter((name) => !defined.has(name) && !defined.has(name.replace(histogramSuffix, '')))
        .map((name) => `${rule.alert ?? '?'}: ${name}`),
    );
    expect(rules().length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  it('gives every alert a duration, a severity, and a summary and description saying what to do', () => {
    const offenders = rules().flatMap((rule) => {
      const name = rule.alert ?? `(a recording rule: ${rule.expr ?? ''})`;
      return [
        rule.alert ? [] : [`${name}: not an alert`],
        /^\d+[smh]$/.test(rule.for ?? '') ? [] : [`${name}: no \`for\``],
        ['critical', 'warning'].includes(rule.labels?.['severity'] ?? '') ? [] : [`${name}: no severity`],
        rule.annotations?.['summary'] && rule.annotations['description']
          ? []
          : [`${name}: no summary or description`],
      ].flat();
    });
    expect(offenders).toEqual([]);
  });

  it('pages when notifications stop going out or their feeds stop being read', () => {
    const byName = new Map(rules().map((rule) => [rule.alert, rule]));
    expect(byName.get('CaliberNotificationsNotGoingOut')).toMatchObject({
      expr: expect.stringMatching(/\bcaliber_notification_oldest_due_age_seconds\b.*> 900$/),
      for: '10m',
    });
    expect(byName.get('CaliberNotificationsNotGoingOut')?.annotations?.['description']).toMatch(
      /^Notifications are not going out: the mail server or SMS gateway refuses, see the delivery record\./,
    );
    expect(byName.get('CaliberNotificationFeedFailing')).toMatchObject({
      expr: expect.stringMatching(/rate\(caliber_notification_feed_errors_total\[10m\]\)\) > 0$/),
      for: '15m',
    });
  });
});

describe('the bus speaks TLS in production', () => {
  const objects = () => rendered.production;
  const nats = () => objects().find((object) => nameOf(object) === 'StatefulSet/nats') as KubeObject;
  /** The Secret item a NATS server reads at `path`, as `secret/key`. */
  const mountedItem = (path: string) => {
    const pod = podSpecOf(nats());
    const container = pod?.containers[0];
    const mount = container?.volumeMounts?.find((each) => path.startsWith(`${each.mountPath}/`));
    const secret = pod?.volumes?.find((volume) => volume.name === mount?.name)?.secret;
    const item = secret?.items?.find((each) => `${mount?.mountPath}/${each.path}` === path);
    return item ? `${secret?.secretName ?? ''}/${item.key}` : `(${path} is not a mounted Secret item)`;
  };

  it('requires TLS of clients, with the certificate and key of the Secret caliber-nats-tls', () => {
    const tls = natsBlocks(natsServerConfig(objects()))['tls'] ?? '';
    expect(
      [natsSetting(tls, 'cert_file'), natsSetting(tls, 'key_file')].map((path) => mountedItem(path ?? '')),
    ).toEqual(['caliber-nats-tls/tls.crt', 'caliber-nats-tls/tls.key']);
  });

  it('encrypts the routes between servers, each checking the other’s certificate', () => {
    const cluster = natsBlocks(natsServerConfig(objects()))['cluster'] ?? '';
    const tls = natsBlocks(cluster)['tls'] ?? '';
    expect(
      ['cert_file', 'key_file', 'ca_file'].map((key) => mountedItem(natsSetting(tls, key) ?? '')),
    ).toEqual(['caliber-nats-tls/tls.crt', 'caliber-nats-tls/tls.key', 'caliber-nats-tls/ca.crt']);
    expect(natsSetting(tls, 'verify')).toBe('true');
  });

  it('connects every process on the bus with tls://, trusting the authority of caliber-nats-tls', () => {
    const settings = objects().find((object) => object.metadata.name.startsWith('caliber-settings-'))?.data;
    expect(settings?.['NATS_URL']?.split(',').every((url) => url.trim().startsWith('tls://'))).toBe(true);
    // The gateway, the services and the workers (the migrations never use the bus).
    const onTheBus = containersOf(objects()).filter(({ owner }) =>
      ['gateway', 'service', 'worker'].includes(owner.metadata.labels?.['app.kubernetes.io/component'] ?? ''),
    );
    expect(onTheBus.length).toBeGreaterThanOrEqual(6);
    const offenders = onTheBus.flatMap(({ pod, container, label }) => {
      const path = container.env?.find((variable) => variable.name === 'NATS_TLS_CA_FILE')?.value ?? '';
      const mount = container.volumeMounts?.find((each) => path.startsWith(`${each.mountPath}/`));
      const secret = pod.volumes?.find((volume) => volume.name === mount?.name)?.secret;
      const items = secret?.items?.map((item) => `${secret.secretName ?? ''}/${item.key}`);
      // The authority only: never the servers' key.
      return isDeepStrictEqual(items, ['caliber-nats-tls/ca.crt'])
        ? []
        : [`${label}: NATS_TLS_CA_FILE=${path} reads ${String(items)}`];
    });
    expect(offenders).toEqual([]);
  });

  it('has a certificate example naming every address clients and servers use', () => {
    const certificate = render(join(K8S, 'examples', 'cert-manager')).find(
      (object) => object.kind === 'Certificate' && object.metadata.name === 'caliber-nats-tls',
    );
    const spec = certificate?.spec as
      { secretName?: string; dnsNames?: string[]; usages?: string[] } | undefined;
    expect(spec?.secretName).toBe('caliber-nats-tls');
    const settings = objects().find((object) => object.metadata.name.startsWith('caliber-settings-'))?.data;
    const cluster = natsBlocks(natsServerConfig(objects()))['cluster'] ?? '';
    const routes = [
      ...(
        natsBlocks(`routes {${/routes:\s*\[([^\]]*)\]/.exec(cluster)?.[1] ?? ''}}`)['routes'] ?? ''
      ).matchAll(/\/\/([\w.-]+):/g),
    ].map((match) => match[1]);
    const hosts = [...(settings?.['NATS_URL'] ?? '').matchAll(/\/\/([\w.-]+):/g)].map((match) => match[1]);
    expect(routes).toHaveLength(3);
    expect(spec?.dnsNames).toEqual(expect.arrayContaining([...hosts, ...routes]));
    // The servers present it to each other as well as to clients.
    expect(spec?.usages).toEqual(expect.arrayContaining(['server auth', 'client auth']));
  });

  it('leaves the development overlay’s bus in plain text', () => {
    const config = natsBlocks(natsServerConfig(rendered.development));
    expect(config['tls']).toBeUndefined();
    expect(natsBlocks(config['cluster'] ?? '')['tls']).toBeUndefined();
  });
});

describe('changing one remote’s entry', () => {
  it('renames the remote-entries ConfigMap and rolls the gateway and the shell, nothing else', () => {
    const folder = mkdtempSync(join(tmpdir(), 'caliber-remote-entry-'));
    const entry = 'https://cdn.hospital.invalid/equipment/0.1.1/remoteEntry.js';
    try {
      writeFileSync(
        join(folder, 'kustomization.yaml'),
        [
          'resources:',
          `  - ${relative(folder, join(K8S, 'overlays', 'production'))}`,
          'configMapGenerator:',
          '  - name: caliber-remote-entries',
          '    behavior: merge',
          '    literals:',
          `      - REMOTE_ENTRY_EQUIPMENT=${entry}`,
          '',
        ].join('\n'),
      );
      const before = new Map(rendered.production.map((object) => [nameOf(object), object]));
      const after = new Map(render(folder).map((object) => [nameOf(object), object]));

      const removed = [...before.keys()].filter((name) => !after.has(name));
      const added = [...after.keys()].filter((name) => !before.has(name));
      const changed = [...before.keys()].filter(
        (name) => after.has(name) && !isDeepStrictEqual(before.get(name), after.get(name)),
      );
      expect(removed).toEqual([expect.stringMatching(/^ConfigMap\/caliber-remote-entries-\w+$/)]);
      expect(added).toEqual([expect.stringMatching(/^ConfigMap\/caliber-remote-entries-\w+$/)]);
      // The gateway hands the entry out; the shell's page allows its origin.
      expect(changed.sort()).toEqual(['Deployment/gateway', 'Deployment/shell']);

      const [oldName, newName] = [removed[0] ?? '', added[0] ?? ''].map((name) =>
        name.replace('ConfigMap/', ''),
      );
      // The ConfigMap differs in that one entry, and each Deployment only in the name it reads.
      expect(after.get(added[0] ?? '')?.data).toEqual({
        ...before.get(removed[0] ?? '')?.data,
        REMOTE_ENTRY_EQUIPMENT: entry,
      });
      for (const deployment of changed) {
        const renamed = JSON.stringify(after.get(deployment)).replaceAll(newName ?? '', oldName ?? '');
        expect(JSON.parse(renamed)).toEqual(before.get(deployment));
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the CloudNativePG example', () => {
  it('renders; its Kubernetes objects validate and its pod runs unprivileged', () => {
    const objects = render(join(K8S, 'examples', 'cloudnative-pg'));
    const builtIn = objects.filter((object) => MODELS.has(`${object.apiVersion}/${object.kind}`));
    for (const object of builtIn)
      new (MODELS.get(`${object.apiVersion}/${object.kind}`) as Model)(object as never).validate();
    expect(objects.map((object) => object.kind).sort()).toEqual(
      [
        'Cluster',
        'CronJob',
        'NetworkPolicy',
        'NetworkPolicy',
        'Role',
        'RoleBinding',
        'ScheduledBackup',
        'ServiceAccount',
      ].sort(),
    );
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
    for (const { container, pod } of containersOf(objects)) {
      expect(container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot).toBe(true);
      expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(container.image).toMatch(/:\d+\.\d+\.\d+$/);
    }
  });
});

describe('the pg_dump backup example', () => {
  const objects = () => render(join(K8S, 'examples', 'pg-dump-backup'));
  let rendered: KubeObject[];
  beforeAll(() => {
    rendered = objects();
  });
  const cronJob = () => rendered.find((object) => object.kind === 'CronJob') as KubeObject;
  const pod = () => podSpecOf(cronJob()) as IPodSpec;
  const container = (name: string) =>
    [...(pod().initContainers ?? []), ...pod().containers].find((each) => each.name === name);

  it('renders a CronJob, its volume, its scripts and its network policy, all valid, no Secret', () => {
    expect(rendered.map(nameOf).sort()).toEqual([
      expect.stringMatching(/^ConfigMap\/caliber-backup-scripts-\w+$/),
      'CronJob/caliber-backup',
      'NetworkPolicy/allow-pg-dump-backup-egress',
      'PersistentVolumeClaim/caliber-backups',
    ]);
    for (const object of rendered)
      new (MODELS.get(`${object.apiVersion}/${object.kind}`) as Model)(object as never).validate();
  });

  it('runs infra/backup/backup.sh and report-backup.mjs themselves: the copies here are identical', () => {
    const scripts = rendered.find((object) => object.kind === 'ConfigMap')?.data ?? {};
    for (const file of ['backup.sh', 'report-backup.mjs'])
      expect({ [file]: scripts[file] === readFileSync(join(K8S, '..', 'backup', file), 'utf8') }).toEqual({
        // When this fails: cp infra/backup/<file> infra/k8s/examples/pg-dump-backup/
        [file]: true,
      });
    const mounted = pod().volumes?.find((volume) => volume.configMap)?.configMap?.name;
    expect(mounted).toBe(rendered.find((object) => object.kind === 'ConfigMap')?.metadata.name);
    expect(container('dump')?.command).toEqual(['bash', '/scripts/backup.sh']);
    expect(container('report')?.command).toEqual(['node', '/scripts/report-backup.mjs']);
  });

  it('dumps first and reports only after (an init container), never two at once, within a deadline', () => {
    const spec = cronJob().spec as {
      concurrencyPolicy?: string;
      jobTemplate?: { spec?: { activeDeadlineSeconds?: number } };
    };
    expect(spec.concurrencyPolicy).toBe('Forbid');
    expect(spec.jobTemplate?.spec?.activeDeadlineSeconds).toBeGreaterThan(0);
    expect(pod().restartPolicy).toBe('Never');
    expect(pod().initContainers?.map((each) => each.name)).toEqual(['dump']);
    expect(pod().containers.map((each) => each.name)).toEqual(['report']);
    // The report reads the volume; only the dump writes it.
    expect(container('report')?.volumeMounts?.find((mount) => mount.mountPath === '/backups')?.readOnly).toBe(
      true,
    );
  });

  it('runs pg_dump from the postgres image of the server’s major (the CloudNativePG example’s)', () => {
    const server = render(join(K8S, 'examples', 'cloudnative-pg')).find(
      (object) => object.kind === 'Cluster',
    );
    const serverMajor = /:(\d+)\./.exec(String(server?.spec?.['imageName']))?.[1];
    expect(container('dump')?.image).toMatch(new RegExp(`^postgres:${serverMajor ?? '?'}\\.\\d+$`));
  });

  it('reports under the key the dashboard reads: the settings’ REDIS_KEY_PREFIX', () => {
    const settings = render(join(K8S, 'base')).find((object) =>
      object.metadata.name.startsWith('caliber-settings'),
    )?.data;
    const env = container('report')?.env ?? [];
    expect(env.find((variable) => variable.name === 'REDIS_KEY_PREFIX')?.value).toBe(
      settings?.['REDIS_KEY_PREFIX'],
    );
    expect(secretReferences(rendered)).toEqual(
      new Map([
        ['caliber-backup-database', new Set(['username', 'password'])],
        ['caliber-redis', new Set(['REDIS_URL'])],
      ]),
    );
  });

  it('runs every container unprivileged, read-only, with limits and a whole image version', () => {
    const offenders = containersOf(rendered).flatMap(({ pod: spec, container: each, label }) => {
      const context = each.securityContext;
      const runAsUser = context?.runAsUser ?? spec.securityContext?.runAsUser;
      return [
        (context?.runAsNonRoot ?? spec.securityContext?.runAsNonRoot) === true && runAsUser !== 0
          ? []
          : [`${label}: may run as root`],
        context?.readOnlyRootFilesystem === true ? [] : [`${label}: root filesystem writable`],
        context?.allowPrivilegeEscalation === false ? [] : [`${label}: privilege escalation`],
        context?.capabilities?.drop?.includes('ALL') ? [] : [`${label}: capabilities kept`],
        (context?.seccompProfile?.type ?? spec.securityContext?.seccompProfile?.type) === 'RuntimeDefault'
          ? []
          : [`${label}: no RuntimeDefault seccomp`],
        (['requests', 'limits'] as const).every((kind) =>
          (['cpu', 'memory'] as const).every((resource) => each.resources?.[kind]?.[resource] !== undefined),
        )
          ? []
          : [`${label}: CPU or memory request or limit missing`],
        /:\d+\.\d+(\.\d+)?$/.test(each.image ?? '') ? [] : [`${label}: image ${each.image ?? ''}`],
        each.volumeMounts?.some((mount) => mount.mountPath === '/tmp') ? [] : [`${label}: no /tmp`],
      ].flat();
    });
    expect(containersOf(rendered)).toHaveLength(2);
    expect(offenders).toEqual([]);
  });

  it('lets the pod reach PostgreSQL, Redis and the cluster DNS alone, and nothing reach it', () => {
    const policy = rendered.find((object) => object.kind === 'NetworkPolicy') as KubeObject;
    const spec = policy.spec as {
      podSelector?: { matchLabels?: Record<string, string> };
      policyTypes?: string[];
      ingress?: unknown[];
    };
    expect(matches(spec.podSelector?.matchLabels, podLabelsOf(cronJob()))).toBe(true);
    expect(Object.keys(spec.podSelector?.matchLabels ?? {})).not.toHaveLength(0);
    expect(spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(spec.ingress).toEqual([]);
    const rules = egressRules([policy]).map(({ rule }) => rule);
    expect(rules.every((rule) => (rule.to ?? []).length > 0)).toBe(true);
    expect(rules.map((rule) => rule.ports)).toEqual([
      [{ protocol: 'TCP', port: 5432 }],
      [{ protocol: 'TCP', port: 6379 }],
      [
        { protocol: 'UDP', port: 53 },
        { protocol: 'TCP', port: 53 },
      ],
    ]);
    expect(rules[2]?.to).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
        podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
      },
    ]);
  });
});
