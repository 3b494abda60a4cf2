import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translate } from '@mathgames/contracts';
import { closedPorts, freePorts } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Balancer, startBalancer } from './balancer.js';
import { BALANCER_RETRY_AFTER_SECONDS } from './haproxy-config.js';

/**
 * The balancer's own rules, with upstreams that fail on purpose (a process that dies mid-request cannot be timed
 * with a real gateway): what is re-sent and what is not, the answer when nothing answered, what is not routed.
 */

interface Upstream {
  port: number;
  /** Requests it received (method and path), whether it answered them or died on them. */
  seen: string[];
  server: Server;
}

/** Answers /readyz and anything else with the X-Forwarded-For it got; a path under /crash kills the connection. */
async function upstream(): Promise<Upstream> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/readyz') return res.end('ok');
    seen.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith('/crash')) return req.socket.destroy();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, seen, server };
}

/** One request on a connection of its own (so no kept-alive connection is involved). */
function call(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end(method === 'POST' ? '{}' : undefined);
    },
  );
}

let gateways: Upstream[];
let service: Upstream;
let balancer: Balancer;
const ports = { front: 0, service: 0 };

beforeAll(async () => {
  gateways = await Promise.all([upstream(), upstream()]);
  service = await upstream();
  const [frontPort, servicePort, statsPort] = await freePorts(3);
  const [gone] = await closedPorts(1);
  Object.assign(ports, { front: frontPort, service: servicePort });
  balancer = await startBalancer({
    front: { name: 'gateway', port: frontPort!, servers: gateways.map((g) => g.port) },
    // One replica of the service is gone (its port refuses), as after a SIGKILL before the checks notice.
    services: [{ name: 'auth', port: servicePort!, servers: [gone!, service.port] }],
    statsPort: statsPort!,
    killOnExit: true,
  });
});

afterAll(async () => {
  await balancer?.stop();
  for (const u of [...(gateways ?? []), ...(service ? [service] : [])]) u.server.close();
});

const seenEverywhere = (path: string) =>
  gateways.flatMap((g) => g.seen).filter((line) => line.endsWith(` ${path}`)).length;

describe('the balancer in front of replicas', () => {
  it('a POST whose gateway died before answering is not re-sent: the product 503, in the visitor language', async () => {
    const res = await call(ports.front, 'POST', '/crash/post', { 'x-lang': 'en' });
    expect(seenEverywhere('/crash/post')).toBe(1);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(String(BALANCER_RETRY_AFTER_SECONDS));
    expect(JSON.parse(res.body)).toEqual({
      code: 'service_unavailable',
      message: translate('service_unavailable', 'en'),
    });
    const tr = await call(ports.front, 'POST', '/crash/tr', { cookie: 'i18next=tr' });
    expect(JSON.parse(tr.body).message).toBe(translate('service_unavailable', 'tr'));
  });

  it('a GET whose gateway died before answering is re-sent, up to three more times', async () => {
    const res = await call(ports.front, 'GET', '/crash/get');
    expect(seenEverywhere('/crash/get')).toBe(4);
    expect(res.status).toBe(503);
  });

  it('says who the client is, and does not route the probes and metrics', async () => {
    const res = await call(ports.front, 'GET', '/api/anything', { 'x-forwarded-for': '10.1.2.3' });
    expect(JSON.parse(res.body)).toEqual({ forwardedFor: '10.1.2.3, 127.0.0.1' });
    for (const path of ['/readyz', '/healthz', '/metrics', '/ReadyZ/'])
      expect((await call(ports.front, 'GET', path)).status, path).toBe(404);
  });

  it('a connection a gone service replica refuses is made to the other one, whatever the method', async () => {
    for (let i = 0; i < 4; i++)
      expect((await call(ports.service, 'POST', `/api/auth/login/${i}`)).status).toBe(200);
    expect(service.seen).toHaveLength(4);
    // Round robin sent some of them to the gone replica first: they were redispatched, not failed.
    const csv = (await (await fetch(`${balancer.statsUrl};csv`)).text()).trim().split('\n');
    const columns = csv[0]!.replace(/^# /, '').split(',');
    const backend = csv.map((line) => line.split(',')).find((c) => c[0] === 'auth' && c[1] === 'BACKEND')!;
    expect(Number(backend[columns.indexOf('wredis')])).toBeGreaterThan(0);
  });
});
