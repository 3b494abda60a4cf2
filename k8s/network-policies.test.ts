import { beforeAll, describe, expect, it } from 'vitest';
import {
  byKind,
  type Manifest,
  OVERLAYS,
  type OverlayName,
  renderKustomization,
} from './manifest-helpers.js';

/**
 * Evaluates the rendered NetworkPolicies the way the API defines them (a pod selected by any policy of a type is
 * isolated for that type; a flow passes if any rule of a selecting policy admits it), for the flows the product
 * needs and for flows it must never have. Peers outside the namespace are modelled by namespace name.
 */
interface Endpoint {
  namespace: string;
  labels: Record<string, string>;
  ports: Record<string, number>;
  external?: boolean;
}
interface Flow {
  from: Endpoint;
  to: Endpoint;
  port: number;
  protocol?: 'TCP' | 'UDP';
}

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: Expression[] };
type Expression = { key: string; operator: string; values?: string[] };

function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every((e) => {
    const value = labels[e.key];
    if (e.operator === 'In') return value !== undefined && (e.values ?? []).includes(value);
    if (e.operator === 'NotIn') return value === undefined || !(e.values ?? []).includes(value);
    if (e.operator === 'Exists') return value !== undefined;
    if (e.operator === 'DoesNotExist') return value === undefined;
    throw new Error(`unknown operator ${e.operator}`);
  });
  return byLabels && byExpressions;
}

// biome-ignore lint/suspicious/noExplicitAny: a NetworkPolicy peer from rendered YAML.
function peerMatches(peer: any, policyNamespace: string, other: Endpoint): boolean {
  if (peer.ipBlock) return other.external === true;
  if (other.external) return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': other.namespace })
    : other.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector, other.labels);
}

// biome-ignore lint/suspicious/noExplicitAny: NetworkPolicy ports from rendered YAML.
function portMatches(ports: any[] | undefined, flow: Flow): boolean {
  if (!ports) return true;
  return ports.some((p) => {
    const number = typeof p.port === 'string' ? flow.to.ports[p.port] : p.port;
    return (
      (p.protocol ?? 'TCP') === (flow.protocol ?? 'TCP') && (p.port === undefined || number === flow.port)
    );
  });
}

function allowed(policies: Manifest[], namespace: string, flow: Flow): boolean {
  const side = (direction: 'Ingress' | 'Egress', pod: Endpoint, other: Endpoint) => {
    if (pod.external || pod.namespace !== namespace) return true; // not governed by this namespace's policies
    const selecting = policies.filter(
      (p) => p.spec.policyTypes.includes(direction) && selects(p.spec.podSelector, pod.labels),
    );
    if (selecting.length === 0) return true;
    const rules = selecting.flatMap((p) => (direction === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []);
    return rules.some(
      (rule) =>
        (rule[direction === 'Ingress' ? 'from' : 'to'] ?? [{}]).some(
          // biome-ignore lint/suspicious/noExplicitAny: a rule peer.
          (peer: any) =>
            peer === undefined || Object.keys(peer).length === 0 || peerMatches(peer, namespace, other),
        ) && portMatches(rule.ports, flow),
    );
  };
  return side('Egress', flow.from, flow.to) && side('Ingress', flow.to, flow.from);
}

const overlayNames = Object.keys(OVERLAYS) as OverlayName[];

describe.each(overlayNames)('network policies of overlay %s', (overlay) => {
  let policies: Manifest[];
  let namespace: string;
  const pods: Record<string, Endpoint> = {};
  const outside = (ns: string, labels: Record<string, string> = {}): Endpoint => ({
    namespace: ns,
    labels,
    ports: {},
  });
  const internet: Endpoint = { namespace: '', labels: {}, ports: {}, external: true };
  const dns = outside('kube-system', { 'k8s-app': 'kube-dns' });
  const ingressController = outside('ingress-nginx');
  const prometheus = outside('monitoring');
  const flow = (from: Endpoint, to: Endpoint, port: number, protocol: 'TCP' | 'UDP' = 'TCP'): Flow => ({
    from,
    to,
    port,
    protocol,
  });
  const pod = (name: string): Endpoint => {
    const found = pods[name];
    if (!found) throw new Error(`no pod ${name}`);
    return found;
  };

  beforeAll(() => {
    const objects = renderKustomization(OVERLAYS[overlay]);
    policies = byKind(objects, 'NetworkPolicy');
    namespace = byKind(objects, 'Namespace')[0]?.metadata.name;
    for (const workload of [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')]) {
      const ports: Record<string, number> = {};
      for (const port of workload.spec.template.spec.containers[0].ports ?? [])
        ports[port.name] = port.containerPort;
      pods[workload.metadata.name] = { namespace, labels: workload.spec.template.metadata.labels, ports };
    }
  });

  it('denies everything by default, in both directions', () => {
    const denyAll = policies.find(
      (p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress,
    );
    expect(denyAll?.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
  });

  it('lets every pod resolve names through the cluster DNS', () => {
    for (const name of Object.keys(pods)) {
      expect(allowed(policies, namespace, flow(pod(name), dns, 53, 'UDP')), name).toBe(true);
      expect(allowed(policies, namespace, flow(pod(name), dns, 53, 'TCP')), name).toBe(true);
    }
  });

  it('lets browsers in through the ingress controller to the gateway only', () => {
    expect(allowed(policies, namespace, flow(ingressController, pod('gateway'), 8080))).toBe(true);
    for (const name of ['auth', 'game-results', 'badges', 'classes', 'mail-worker']) {
      const target = pod(name);
      expect(allowed(policies, namespace, flow(ingressController, target, target.ports.http!)), name).toBe(
        false,
      );
    }
  });

  it('lets the gateway call the four services, and nothing else call them but classes → auth', () => {
    for (const [name, port] of [
      ['auth', 4001],
      ['game-results', 4002],
      ['badges', 4003],
      ['classes', 4004],
    ] as const) {
      expect(allowed(policies, namespace, flow(pod('gateway'), pod(name), port)), name).toBe(true);
      expect(allowed(policies, namespace, flow(pod('statistics-worker'), pod(name), port)), name).toBe(false);
      expect(allowed(policies, namespace, flow(pod('classes-worker'), pod(name), port)), name).toBe(false);
    }
    expect(allowed(policies, namespace, flow(pod('auth'), pod('game-results'), 4002))).toBe(false);
    // Classes asks auth who a caller is (a verified teacher?), and nothing else.
    expect(allowed(policies, namespace, flow(pod('classes'), pod('auth'), 4001))).toBe(true);
    expect(allowed(policies, namespace, flow(pod('classes'), pod('game-results'), 4002))).toBe(false);
    expect(allowed(policies, namespace, flow(pod('auth'), pod('classes'), 4004))).toBe(false);
  });

  it('lets Prometheus scrape every long-running pod on its http port', () => {
    for (const [name, endpoint] of Object.entries(pods)) {
      if (!endpoint.ports.http) continue;
      expect(allowed(policies, namespace, flow(prometheus, endpoint, endpoint.ports.http)), name).toBe(true);
    }
  });

  it('lets each deployable reach exactly the data stores it uses', () => {
    const uses: Record<string, number[]> = {
      gateway: [6379],
      auth: [5432, 6379, 5672],
      'game-results': [5432, 6379, 5672],
      badges: [5432, 6379],
      'statistics-worker': [5432, 6379, 5672],
      'badge-worker': [5432, 6379, 5672],
      classes: [5432],
      'classes-worker': [5432, 5672],
      'mail-worker': [6379, 587],
      migrate: [5432],
    };
    for (const [name, ports] of Object.entries(uses)) {
      for (const port of [5432, 6379, 5672, 587]) {
        expect(allowed(policies, namespace, flow(pod(name), internet, port)), `${name} → :${port}`).toBe(
          ports.includes(port),
        );
      }
    }
  });

  it('lets every long-running deployable export traces to an OTLP collector on 4318, and the migration job not', () => {
    for (const name of Object.keys(pods)) {
      expect(allowed(policies, namespace, flow(pod(name), internet, 4318)), name).toBe(name !== 'migrate');
    }
  });

  it('gives no pod the open internet', () => {
    for (const name of Object.keys(pods)) {
      expect(allowed(policies, namespace, flow(pod(name), internet, 443)), name).toBe(false);
    }
  });
});
