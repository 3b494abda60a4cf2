import { normalizeLang } from '@mathgames/contracts';

/** The parsed error body every service answers: `{ code, message, field? }` (message already translated). */
export interface ApiErrorBody {
  code?: string;
  message?: string;
  field?: string;
}

/** Every non-OK response: `message` reads `STATUS: body`; the parsed body is attached. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, text: string, body: ApiErrorBody | null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** When the server gives no usable Retry-After: about one database failover. */
const DEFAULT_RETRY_AFTER_MS = 5_000;
/** Retry-After values past this are treated as this: a child will not wait minutes on a spinner. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * 503: a part of the product is down for a moment (a database failover, a Redis restart) or the gateway is past
 * its capacity. The request was fine: send it again after `retryAfterMs` (from Retry-After), unchanged; a
 * result keeps its Idempotency-Key, so a retry never counts twice.
 */
export class ServiceUnavailableError extends ApiError {
  readonly retryAfterMs: number;

  constructor(text: string, body: ApiErrorBody | null, retryAfter: string | null) {
    super(503, text, body);
    this.name = 'ServiceUnavailableError';
    this.retryAfterMs = parseRetryAfter(retryAfter);
  }
}

export const isServiceUnavailable = (error: unknown): error is ServiceUnavailableError =>
  error instanceof ServiceUnavailableError;

/** Retry-After as seconds or an HTTP date, in milliseconds, within [1 s, 60 s]. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(1_000, ms));
}

/**
 * Whether the server said "unavailable" recently, for one app-wide notice: set by a 503, cleared by the next
 * success. A tiny store rather than React state because every request, query or not, reports to it.
 */
let unavailableSince: number | null = null;
const listeners = new Set<() => void>();
function setUnavailable(value: boolean) {
  const next = value ? (unavailableSince ?? Date.now()) : null;
  if (next === unavailableSince) return;
  unavailableSince = next;
  for (const listener of listeners) listener();
}
export const serviceStatus = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Epoch ms of the first 503 of the current outage, or null when the last answer was not a 503. */
  unavailableSince: () => unavailableSince,
};

/** The server's (translated) message of an error, or `fallback` when there is none (network failure, HTML body). */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.body?.message ? error.body.message : fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData (multipart upload). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The UI language: `lib/i18n.ts` keeps `<html lang>` in step with it. Read from there rather than from i18next so
 * the service worker (no document: the browser's language) can send kept results with this same helper.
 */
function uiLang(): 'tr' | 'en' {
  const lang = typeof document === 'undefined' ? navigator.language : document.documentElement.lang;
  return normalizeLang(lang);
}

/** The one request helper: credentials always, JSON, and the UI language so server messages come back in it. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Lang': uiLang(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(path, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
  });
  const text = await response.text();
  if (response.status === 503) {
    setUnavailable(true);
    throw new ServiceUnavailableError(
      text || response.statusText,
      parseErrorBody(text),
      response.headers.get('Retry-After'),
    );
  }
  setUnavailable(false);
  if (!response.ok) {
    throw new ApiError(response.status, text || response.statusText, parseErrorBody(text));
  }
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { method: 'GET', signal }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>(path, { method: 'POST', body, headers }),
  patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
  } catch {
    return null;
  }
}
