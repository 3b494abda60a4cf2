import { type Agent, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { Lang } from '@mathgames/contracts';
import type { Logger } from '@mathgames/platform';
import { sendJsonError } from '../http-errors.js';
import { logUpstreamDown } from '../proxy.js';

// Client headers the service may see on the poll: conditional requests let an unchanged summary answer 304.
const FORWARDED_REQUEST_HEADERS = ['if-none-match', 'accept-encoding'] as const;
// Upstream response headers a browser may see; everything else (hop-by-hop, cookies, x-mg-*) stays behind.
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'vary',
];

export interface PollUpstream {
  /** The badges service. */
  target: URL;
  /** The proxies' keep-alive agent. */
  agent: Agent;
  logger: Logger;
}

/**
 * Sends the poll on to the badges service (same path and query) with `headers` (the signed identity, request id)
 * and the client's conditional and encoding headers, and streams its answer back.
 */
export function forwardPoll(
  upstream: PollUpstream,
  req: IncomingMessage,
  res: ServerResponse,
  lang: Lang,
  headers: Record<string, string>,
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
      const answer: Record<string, string | string[]> = {
        'x-request-id': requestId,
        'x-content-type-options': 'nosniff',
      };
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = upstreamRes.headers[name];
        if (value !== undefined) answer[name] = value;
      }
      res.writeHead(upstreamRes.statusCode ?? 502, answer);
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.pipe(res);
    },
  );
  call.setTimeout(15_000, () => call.destroy(new Error('upstream timed out')));
  call.on('error', (err) => {
    logUpstreamDown(upstream.logger, 'badges', err, requestId);
    sendJsonError(res, 503, 'service_unavailable', lang);
  });
  // A tab closed mid-request: stop waiting for the service.
  res.on('close', () => {
    if (!res.writableFinished) call.destroy();
  });
  call.end();
}
