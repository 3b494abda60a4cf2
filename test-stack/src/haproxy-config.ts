/**
 * The HAProxy configuration that stands in for Kubernetes in front of replicas: an HTTP frontend like the Ingress
 * (ingress-nginx) before the gateways, and one TCP frontend per HTTP service like its ClusterIP Service
 * (kube-proxy), which the gateways and classes call. docs/operations/replicas.md "Replicas" says what each choice means.
 */

/** The pods' readiness probe (k8s/base/pod-defaults.yaml; k8s/test-stack.test.ts checks they agree). */
export const READINESS_PROBE = { path: '/readyz', periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 2 };

/** What the balancer answers for a gateway it could not reach: when to try again (the app retries then). */
export const BALANCER_RETRY_AFTER_SECONDS = 2;

export interface BalancedPool {
  /** Backend name in HAProxy (the deployable's). */
  name: string;
  /** The port the balancer listens on for it. */
  port: number;
  /** Each replica's own port on 127.0.0.1. */
  servers: readonly number[];
}

export interface BalancerLayout {
  /** The gateways, reached over HTTP like the Ingress reaches them. */
  front?: BalancedPool;
  /** The HTTP services, reached over TCP like a Service. */
  services: readonly BalancedPool[];
  /** HAProxy's stats page (and its CSV at `/;csv`). */
  statsPort: number;
  /** A map file of the translated "service unavailable" text by language (`tr …`, `en …`). */
  messagesFile: string;
}

const { path, periodSeconds, timeoutSeconds, failureThreshold } = READINESS_PROBE;

/** Every replica checked as the kubelet checks the pod: unready after two failed probes, ready after one. */
const serverLines = (pool: BalancedPool) => [
  `  option httpchk GET ${path}`,
  '  http-check expect status 200',
  `  default-server check inter ${periodSeconds}s fall ${failureThreshold} rise 1`,
  ...pool.servers.map((port, i) => `  server ${pool.name}-${i + 1} 127.0.0.1:${port}`),
];

/** The gateway's language rule (X-Lang, then the i18next cookie, then Accept-Language's first tag, else Turkish). */
const LANGUAGE_RULES = [
  '  http-request set-var(txn.lang) str(tr)',
  '  http-request set-var(txn.lang) str(en) if { req.fhdr(accept-language) -m reg -i ^\\s*en([-_;,]|\\s*$) }',
  '  http-request set-var(txn.lang) str(en) if { req.cook(i18next) -m reg -i ^\\s*en([-_]|\\s*$) }',
  '  http-request set-var(txn.lang) str(tr) if { req.cook(i18next) -m reg -i ^\\s*tr([-_]|\\s*$) }',
  '  http-request set-var(txn.lang) str(en) if { req.hdr(x-lang) -m reg -i ^\\s*en([-_]|\\s*$) }',
  '  http-request set-var(txn.lang) str(tr) if { req.hdr(x-lang) -m reg -i ^\\s*tr([-_]|\\s*$) }',
];

function frontSection(front: BalancedPool, messagesFile: string): string[] {
  const unavailable =
    `content-type "application/json; charset=utf-8" lf-string ` +
    `'{"code":"service_unavailable","message":"%[var(txn.lang),map(${messagesFile})]"}' ` +
    `hdr retry-after ${BALANCER_RETRY_AFTER_SECONDS} hdr cache-control no-store`;
  return [
    'defaults ingress',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    '  timeout connect 2s',
    '  timeout http-request 10s',
    // ingress-nginx's keep-alive to browsers (75 s) and its proxy-read-timeout (35 s, k8s/base/ingress.yaml).
    '  timeout client 75s',
    '  timeout http-keep-alive 75s',
    '  timeout server 35s',
    `  timeout check ${timeoutSeconds}s`,
    '  retries 3',
    '  option redispatch 1',
    '',
    `frontend ${front.name}`,
    `  bind 127.0.0.1:${front.port}`,
    '  option forwardfor',
    // As on the Ingress: probes and metrics are for the cluster, never routed from outside.
    '  http-request return status 404 if { path -m reg -i ^/(metrics|readyz|healthz)(/|$) }',
    ...LANGUAGE_RULES,
    // A gateway lost mid-request is an outage like any other: the app gets the product's translated 503 with
    // Retry-After, never a bare 502/504 page. Only the balancer's own errors are rewritten, not a gateway's.
    '  http-response set-var(txn.from_server) bool(1)',
    '  http-after-response set-status 503 if { status 502 504 } !{ var(txn.from_server) -m bool }',
    `  http-error status 502 ${unavailable}`,
    `  http-error status 503 ${unavailable}`,
    `  http-error status 504 ${unavailable}`,
    `  default_backend ${front.name}`,
    '',
    `backend ${front.name}`,
    '  balance roundrobin',
    // A request that never reached a gateway goes to another (any method). One that did is re-sent only when
    // it is safe to repeat (GET, HEAD, OPTIONS): a POST may already have been stored, so it gets the 503 and
    // the app repeats it itself, with its Idempotency-Key.
    '  retry-on conn-failure empty-response response-timeout',
    '  http-request disable-l7-retry unless METH_GET or METH_OPTIONS',
    ...serverLines(front),
    '',
  ];
}

function serviceSections(services: readonly BalancedPool[]): string[] {
  return [
    'defaults services',
    '  mode tcp',
    '  log global',
    '  option tcplog',
    '  option dontlog-normal',
    '  timeout connect 2s',
    // Longer than the services' own keep-alive (65 s), so an idle connection is always closed by the service.
    '  timeout client 90s',
    '  timeout server 90s',
    `  timeout check ${timeoutSeconds}s`,
    // Like kube-proxy, nothing is re-sent once a connection is made; a connection refused by a replica that
    // is gone but not yet marked down is made again to another one.
    '  retries 3',
    '  option redispatch 1',
    '',
    ...services.flatMap((pool) => [
      `frontend ${pool.name}`,
      `  bind 127.0.0.1:${pool.port}`,
      `  default_backend ${pool.name}`,
      '',
      `backend ${pool.name}`,
      '  balance roundrobin',
      ...serverLines(pool),
      '',
    ]),
  ];
}

export function haproxyConfig(layout: BalancerLayout): string {
  return [
    'global',
    '  log stdout format raw local0 info',
    '  maxconn 4096',
    '  nbthread 1',
    '',
    ...(layout.front ? frontSection(layout.front, layout.messagesFile) : []),
    'defaults stats',
    '  mode http',
    '  timeout client 10s',
    '  timeout connect 2s',
    '  timeout server 10s',
    '',
    'listen stats',
    `  bind 127.0.0.1:${layout.statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 5s',
    '',
    ...serviceSections(layout.services),
  ].join('\n');
}
