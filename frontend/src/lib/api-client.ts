import { currentLang } from './i18n.js';

/** The parsed error body every service answers: `{ code, message, field? }` (message already translated). */
export interface ApiErrorBody {
  code?: string;
  message?: string;
  field?: string;
}

/** Every non-OK response: `message` reads `STATUS: body` (spec §7); the parsed body is attached. */
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

/** The one request helper: credentials always, JSON, and the UI language so server messages come back in it. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Lang': currentLang(),
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
