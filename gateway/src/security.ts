import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { GatewayConfig } from './config.js';

/**
 * CSP for the built SPA: scripts, workers and styles only from this origin, no inline scripts. Inline styles are allowed
 * for style only (Radix and the game animations set style attributes). Images may be data:/blob: (confetti,
 * photo previews) or come from /api (profile photos). The optional analytics origin is added when configured.
 */
export function securityHeaders(config: GatewayConfig) {
  const analytics = config.VITE_ANALYTICS_URL ? [new URL(config.VITE_ANALYTICS_URL).origin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics],
        // Workers only from this origin (the service worker, /sw.js); never blob: workers. The confetti draws on
        // the page's own canvas instead of canvas-confetti's blob: worker (frontend/src/lib/confetti.ts).
        workerSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...analytics],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...analytics],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
        ...(config.NODE_ENV === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where the site is served over HTTPS; on http://localhost it would be ignored or harmful.
    strictTransportSecurity: config.NODE_ENV === 'production' ? { maxAge: 31_536_000 } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * The headers `securityHeaders` sets, computed once: they depend on the config alone, so the answers given before
 * Express (read-fast-path.ts) carry exactly what the same answer through Express would.
 */
export function fixedSecurityHeaders(config: GatewayConfig): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  securityHeaders(config)({} as IncomingMessage, res as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for state-changing requests, on top of the SameSite=Lax cookie. Rejected: a browser that says
 * the request is cross-site (Sec-Fetch-Site), or an Origin that is neither this host nor PUBLIC_URL (including
 * the opaque "null" origin of sandboxed frames). Allowed: same-origin and same-site requests whose Origin
 * matches, and requests without either header — those come from non-browser clients (curl, tests, the
 * bench), which carry no ambient cookies an attacker could ride on; every browser in use sends Origin on a
 * cross-origin POST.
 */
export function createCrossSiteCheck(config: GatewayConfig) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  return function isCrossSite(req: IncomingMessage): boolean {
    if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
    if (req.headers['sec-fetch-site'] === 'cross-site') return true;
    const origin = req.headers.origin;
    if (origin === undefined) return false;
    if (origin === publicOrigin) return false;
    try {
      return new URL(origin).host !== req.headers.host;
    } catch {
      return true;
    }
  };
}
