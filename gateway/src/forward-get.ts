import {
  type Agent,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request,
  type ServerResponse,
} from 'node:http';
import type { Lang } from '@mathgames/contracts';
import type { Logger } from '@mathgames/platform';
import { sendJsonError } from './http-errors.js';
import { forwardedResponseHeaders, logUpstreamDown } from './proxy.js';
import type { UpstreamName } from './upstreams.js';

// Client headers a service may see on a read answered before Express: what it answers in, and conditional
// requests (an unchanged answer is a 304). Cookies, forwarding and internal headers stay at the edge.
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
] as const;

export interface GetUpstream {
  name: UpstreamName;
  target: URL;
  /** The proxies' keep-alive agent. */
  agent: Agent;
  /** UPSTREAM_TIMEOUT_MS, as on the general path. */
  timeoutMs: number;
  logger: Logger;
}

/**
 * Sends a GET on to a service (same path and query) with `headers` (the signed identity, request id) and the
 * client's content and conditional headers, and streams its answer back with the service's headers as the general
 * path forwards them (proxy.ts) and `answerHeaders` (the request id, security headers). A service that is down or
 * silent for `timeoutMs` gets the general path's 503.
 */
export function forwardGet(
  upstream: GetUpstream,
  req: IncomingMessage,
  res: ServerResponse,
  lang: Lang,
  headers: Record<string, string>,
  answerHeaders: OutgoingHttpHeaders,
): void {
  const requestId = headers['x-request-id']!;
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const { target, agent } = upstream;
  const call = request(
    { host: target.hostname, port: target.port, path: req.url, method: 'GET', agent, headers },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, {
        ...answerHeaders,
        ...forwardedResponseHeaders(upstreamRes.headers),
      });
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.pipe(res);
    },
  );
  call.setTimeout(upstream.timeoutMs, () => call.destroy(new Error('upstream timed out')));
  call.on('error', (err) => {
    logUpstreamDown(upstream.logger, upstream.name, err, requestId);
    if (!res.headersSent)
      for (const [name, value] of Object.entries(answerHeaders)) res.setHeader(name, value!);
    sendJsonError(res, 503, 'service_unavailable', lang);
  });
  // A tab closed mid-request: stop waiting for the service.
  res.on('close', () => {
    if (!res.writableFinished) call.destroy();
  });
  call.end();
}
