import { spawnSync } from 'node:child_process';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';

/**
 * The Kubernetes manifests as `kubectl kustomize` renders them, for the tests that check them
 * (kubectl with kustomize v5 installed; no cluster is contacted).
 */

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

/** Where kubectl is missing or too old, the failure says what to install. */
const INSTALL_KUBECTL =
  'install kubectl 1.27 or newer, whose `kubectl kustomize` is kustomize v5 (the Debian/Ubuntu package is ' +
  '`kubernetes-client`: `apt-get install kubernetes-client`, where the distribution ships one that recent)';

export function kubectl(args: string[], input?: string): string {
  const run = spawnSync('kubectl', args, {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // Nothing here talks to a cluster: no configuration is read, no server is contacted.
    env: { ...process.env, KUBECONFIG: '/dev/null' },
  });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      `kubectl is not installed: the manifests test renders the overlays with it; ${INSTALL_KUBECTL}.`,
    );
  if (run.status !== 0) throw new Error(`kubectl ${args.join(' ')} failed:\n${run.stderr}`);
  return run.stdout;
}

export function requireKustomize5(): void {
  const version = JSON.parse(kubectl(['version', '--client', '-o', 'json'])) as { kustomizeVersion?: string };
  const major = Number(/^v(\d+)\./.exec(version.kustomizeVersion ?? '')?.[1] ?? 0);
  if (major < 5)
    throw new Error(
      `kubectl's kustomize is ${version.kustomizeVersion ?? 'unknown'}; the manifests need kustomize v5: ${INSTALL_KUBECTL}.`,
    );
}

/** Each top-level JSON value of a stream of them (kubectl prints one object after another). */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') {
      if (depth === 0) start = index;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) values.push(JSON.parse(text.slice(start, index + 1)));
    }
  }
  return values;
}

/**
 * The objects a kustomization renders. kubectl prints them as JSON too: an empty merge patch
 * applied locally (`patch --local`) changes nothing and needs no cluster, and so the test needs no
 * YAML parser of its own.
 */
export function render(folder: string): KubeObject[] {
  const yaml = kubectl(['kustomize', folder]);
  const json = kubectl(['patch', '--local', '-f', '-', '--type', 'merge', '-p', '{}', '-o', 'json'], yaml);
  return jsonValues(json) as KubeObject[];
}

export const nameOf = (object: KubeObject) => `${object.kind}/${object.metadata.name}`;

/** The pod an object runs, if it runs one. */
export function podSpecOf(object: KubeObject): IPodSpec | undefined {
  const spec = object.spec as
    | { template?: { spec?: IPodSpec }; jobTemplate?: { spec?: { template?: { spec?: IPodSpec } } } }
    | undefined;
  if (object.kind === 'CronJob') return spec?.jobTemplate?.spec?.template?.spec;
  if (['Deployment', 'StatefulSet', 'Job', 'DaemonSet'].includes(object.kind)) return spec?.template?.spec;
  return undefined;
}
