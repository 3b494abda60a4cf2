import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEPLOYABLES, MIGRATE_JOB } from '@mathgames/platform';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import type { z } from 'zod';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoPath = (relative: string): string =>
  fileURLToPath(new URL(`../${relative}`, import.meta.url));

/** The operations pages (docs/operations/*.md), which name queues, budgets and runbooks the tests check. */
export const OPERATIONS_PAGES: string[] = readdirSync(repoPath('docs/operations'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/operations/${name}`);

// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are free-form YAML, checked field by field.
type FreeForm = any;
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
} & FreeForm;

export const OVERLAYS = { dev: 'k8s/overlays/dev', prod: 'k8s/overlays/prod' } as const;
export type OverlayName = keyof typeof OVERLAYS;

export function renderKustomization(dir: string): Manifest[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', repoPath(dir)], { encoding: 'utf8', maxBuffer: 32 << 20 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') {
      throw new Error(
        'kubectl is not on PATH: these tests render the overlays with `kubectl kustomize` (1.27+)',
      );
    }
    throw err;
  }
  return parseAllDocuments(out)
    .map((doc) => doc.toJSON() as Manifest | null)
    .filter((doc): doc is Manifest => doc !== null);
}

export function readYamlDocuments(relative: string): Manifest[] {
  return parseAllDocuments(readFileSync(repoPath(relative), 'utf8'))
    .map((doc) => doc.toJSON() as Manifest | null)
    .filter((doc): doc is Manifest => doc !== null);
}

/** The Secret templates the repository keeps (placeholders only): the base's and the worker scalers'. */
export function readSecretTemplates(): Manifest[] {
  return [
    ...readYamlDocuments('k8s/base/secret.yaml'),
    ...readYamlDocuments('k8s/components/autoscaling/worker-scalers.yaml').filter((o) => o.kind === 'Secret'),
  ];
}

export function readCompose(): ComposeFile {
  // merge: the file shares the app definition through YAML anchors and `<<` merge keys, as compose does.
  return parseYaml(readFileSync(repoPath('docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
  read_only?: boolean;
  user?: string;
  restart?: string;
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/**
 * What k8s and compose run: platform's DEPLOYABLES (the one source of names, packages, entry points and ports) and
 * the migration Job, which has no port.
 */
export interface Workload {
  name: string;
  packageDir: string;
  /** e.g. `main` for `src/main.ts` */
  entry: string;
  port: number | null;
}

export function readWorkloads(): Workload[] {
  return [
    ...DEPLOYABLES.map((d) => ({ name: d.name, packageDir: d.dir, entry: d.entry, port: d.port })),
    { name: MIGRATE_JOB.name, packageDir: MIGRATE_JOB.dir, entry: MIGRATE_JOB.entry, port: null },
  ];
}

export function entryCommand(deployable: Workload): string[] {
  return ['node', `${deployable.packageDir}/dist/${deployable.entry}.js`];
}

/** `node <pkg>/dist/<entry>.js` → whether `<pkg>/src/<entry>.ts` exists, i.e. `tsc -b` emits the file run. */
export function commandSourceFile(command: string[] | undefined): string | null {
  const script = command?.[0] === 'node' ? command[1] : undefined;
  const match = script ? /^(.+)\/dist\/([\w-]+)\.js$/.exec(script) : null;
  return match ? `${match[1]}/src/${match[2]}.ts` : null;
}

export const sourceExists = (relative: string): boolean => existsSync(repoPath(relative));

/** npm package name of a workspace folder. */
export function packageName(packageDir: string): string {
  return (JSON.parse(readFileSync(repoPath(`${packageDir}/package.json`), 'utf8')) as { name: string }).name;
}

// biome-ignore lint/suspicious/noExplicitAny: each model class takes its own typed data.
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

export const isKeda = (object: Manifest): boolean => object.apiVersion === 'keda.sh/v1alpha1';

/**
 * Validates against the Kubernetes OpenAPI schema (kubernetes-models) and also reports fields the schema does
 * not know (a typo such as `readinesProbe` is otherwise silently ignored by the API server's lenient decoding).
 * Unknown fields are found by watching which properties the compiled validator reads: it reads every field
 * its schema declares, and enumerates only free-form maps (labels, data, resources).
 */
export function validateManifest(object: Manifest): string[] {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) return [`no schema for ${object.apiVersion} ${object.kind}`];
  const records: { value: object; path: string; read: Set<string>; enumerated: boolean }[] = [];
  const proxies = new WeakMap<object, object>();
  const watch = (value: unknown, path: string): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const known = proxies.get(value);
    if (known) return known;
    const record = { value, path, read: new Set<string>(), enumerated: false };
    records.push(record);
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        const child = Reflect.get(target, key, receiver);
        if (typeof key !== 'string') return child;
        record.read.add(key);
        return watch(child, `${path}.${key}`);
      },
      has(target, key) {
        if (typeof key === 'string') record.read.add(key);
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        record.enumerated = true;
        return Reflect.ownKeys(target);
      },
    });
    proxies.set(value, proxy);
    return proxy;
  };
  const model = new Model(structuredClone(object)) as unknown as Record<string, unknown> & {
    validate(): void;
  };
  for (const key of Object.keys(model)) model[key] = watch(model[key], key);
  const problems: string[] = [];
  try {
    model.validate();
  } catch (err) {
    problems.push((err as Error).message);
  }
  for (const record of records) {
    if (Array.isArray(record.value) || record.enumerated) continue;
    for (const key of Object.keys(record.value)) {
      if (!record.read.has(key)) problems.push(`unknown field ${record.path}.${key}`);
    }
  }
  return problems;
}

export function byKind(objects: Manifest[], kind: string): Manifest[] {
  return objects.filter((object) => object.kind === kind);
}

export function findObject(objects: Manifest[], kind: string, name: string): Manifest | undefined {
  return objects.find((object) => object.kind === kind && object.metadata.name === name);
}

/**
 * The environment a container starts with: its own `env` values plus every `envFrom` source. A secret that is not
 * rendered (production takes it from the secret manager) contributes the keys of its template in the repo.
 */
export function containerEnvironment(
  objects: Manifest[],
  // biome-ignore lint/suspicious/noExplicitAny: a container spec from rendered YAML.
  container: any,
  secretTemplates: Manifest[],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const map = findObject(objects, 'ConfigMap', source.configMapRef.name);
      if (!map) throw new Error(`ConfigMap ${source.configMapRef.name} is not rendered`);
      Object.assign(env, map.data);
    }
    if (source.secretRef) {
      const secret =
        findObject(objects, 'Secret', source.secretRef.name) ??
        secretTemplates.find((template) => template.metadata.name === source.secretRef.name);
      if (!secret) throw new Error(`Secret ${source.secretRef.name} has neither an object nor a template`);
      Object.assign(env, secret.stringData ?? {});
      for (const [key, value] of Object.entries((secret.data ?? {}) as Record<string, string>)) {
        env[key] = Buffer.from(value, 'base64').toString('utf8');
      }
    }
  }
  for (const variable of container.env ?? []) {
    if (typeof variable.value === 'string') env[variable.name] = variable.value;
  }
  return env;
}

/** Shape keys whose default points at this machine: inside a container or pod that is always wrong. */
export function keysDefaultingToLoopback(shape: z.ZodRawShape): string[] {
  return Object.entries(shape)
    .filter(([, schema]) => {
      const parsed = (schema as z.ZodType).safeParse(undefined);
      return parsed.success && typeof parsed.data === 'string' && isLoopbackUrl(parsed.data);
    })
    .map(([key]) => key);
}

export function isLoopbackUrl(value: string): boolean {
  return /^[a-z]+:\/\/([^@/]*@)?(127\.0\.0\.1|localhost|\[::1\])([:/]|$)/i.test(value);
}

/** Every `<name>ConfigShape` a deployable's package exports (e.g. gateway's upstream URLs). */
export async function extraConfigShapes(packageDir: string): Promise<z.ZodRawShape> {
  const module = (await import(packageName(packageDir))) as Record<string, unknown>;
  const shape: z.ZodRawShape = {};
  for (const [name, value] of Object.entries(module)) {
    if (name.endsWith('ConfigShape') && value && typeof value === 'object') Object.assign(shape, value);
  }
  return shape;
}
