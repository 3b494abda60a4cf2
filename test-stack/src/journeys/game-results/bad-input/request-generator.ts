import fc from 'fast-check';
import {
  brokenBody,
  hostileString,
  hostileValue,
  type JsonSchema,
  type OpenApiDocument,
  validValue,
} from './schema-values.js';

export type { OpenApiDocument } from './schema-values.js';

/**
 * Bad requests generated from the OpenAPI document (itself built from the contracts zod schemas): for each
 * operation a near-valid value of its schema, then broken the ways clients and attackers break them.
 */

export type Identity = 'guest' | 'pupil' | 'other';

export interface GeneratedRequest {
  identity: Identity;
  method: string;
  /** Path and query, as sent (may be deliberately malformed). */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** How it was made, for the failure report. */
  kind: string;
}

export interface Operation {
  method: string;
  path: string;
  query: { name: string; schema: JsonSchema; required: boolean }[];
  bodyType: 'json' | 'multipart' | null;
  bodySchema: JsonSchema | null;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? [])
          .filter((p: JsonSchema) => p.in === 'query')
          .map((p: JsonSchema) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
        bodyType: content['application/json'] ? 'json' : content['multipart/form-data'] ? 'multipart' : null,
        bodySchema: content['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

const MALFORMED_JSON = [
  '{',
  '{"email":',
  '{"a":1}}',
  '\ufeff{"a":1}',
  "{'single':'quotes'}",
  '[',
  '\u0000',
  'undefined',
  '{"a":1,}',
  '{"a":NaN}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
];

const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=----x',
  'application/json; charset=utf-16',
  'image/png',
];

function encodedBody(
  doc: OpenApiDocument,
  op: Operation,
): fc.Arbitrary<Pick<GeneratedRequest, 'body' | 'headers' | 'kind'>> {
  const json = (kind: string) => (value: unknown) => ({
    body: JSON.stringify(value) ?? 'null',
    headers: { 'content-type': 'application/json' },
    kind,
  });
  const schema = op.bodySchema ?? { type: 'object', properties: {} };
  return fc.oneof(
    { weight: 10, arbitrary: brokenBody(doc, schema).map(json('json')) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((body) => ({ body, headers: { 'content-type': 'application/json' }, kind: 'malformed-json' })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...WRONG_TYPES), brokenBody(doc, schema)).map(([type, value]) => ({
        body: JSON.stringify(value) ?? 'null',
        headers: { 'content-type': type },
        kind: 'wrong-content-type',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ body: undefined, headers: {}, kind: 'no-body' }),
    },
    {
      weight: 1,
      // Past the 100 kB JSON limit of every service.
      arbitrary: fc.integer({ min: 101, max: 160 }).map((kb) => ({
        body: JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(kb * 1024) }),
        headers: { 'content-type': 'application/json' },
        kind: 'oversized',
      })),
    },
  );
}

const CRLF = '\r\n';
function multipart(parts: { name: string; filename?: string; type?: string; data: Uint8Array }[]): {
  body: Uint8Array;
  type: string;
} {
  const boundary = '----badinput7f3a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${part.type ? `Content-Type: ${part.type}${CRLF}` : ''}${CRLF}`,
      ),
      Buffer.from(part.data),
      Buffer.from(CRLF),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return { body: new Uint8Array(Buffer.concat(chunks)), type: `multipart/form-data; boundary=${boundary}` };
}

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function photoBody(): fc.Arbitrary<Pick<GeneratedRequest, 'body' | 'headers' | 'kind'>> {
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc.uint8Array({ maxLength: 512 }).map((tail) => new Uint8Array([...PNG_HEADER, ...tail])),
    fc.constantFrom(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), // a TIFF header
      new Uint8Array(0),
    ),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.constantFrom('photo', 'file', 'image', ''),
          hostileString.map((s) => s.slice(0, 60).replace(/["\r\n]/g, '')),
          fc.constantFrom(
            'image/png',
            'image/jpeg',
            'text/plain',
            'image/svg+xml',
            'application/octet-stream',
          ),
          bytes,
        )
        .map(([name, filename, type, data]) => {
          const { body, type: contentType } = multipart([{ name, filename, type, data }]);
          return { body, headers: { 'content-type': contentType }, kind: 'multipart' };
        }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(bytes, bytes).map(([a, b]) => {
        const { body, type } = multipart([
          { name: 'photo', filename: 'a.png', type: 'image/png', data: a },
          { name: 'photo', filename: 'b.png', type: 'image/png', data: b },
        ]);
        return { body, headers: { 'content-type': type }, kind: 'multipart-two-files' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => ({
        body: text,
        headers: { 'content-type': 'multipart/form-data; boundary=----nope' },
        kind: 'multipart-malformed',
      })),
    },
  );
}

/** A URL carries bytes: a lone surrogate has none, so it becomes U+FFFD before encoding. */
const enc = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));

const CURSOR_TEXTS = fc.oneof(
  fc
    .tuple(
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
    )
    .map(([a, b]) => `${a}.${b}`),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('9999999999999999999.1', '1.1', '-1.-1', '.', '1e400.1', '0.0', ''),
);

function queryValue(doc: OpenApiDocument, name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const candidates: fc.Arbitrary<string>[] = [validValue(doc, schema).map(asText), hostileValue.map(asText)];
  if (name === 'cursor') candidates.push(CURSOR_TEXTS.map((t) => Buffer.from(t).toString('base64url')));
  if (name === 'limit')
    candidates.push(fc.constantFrom('0', '-1', '1e3', '101', '99999999999999999999', '1.5', 'NaN'));
  return fc.oneof(...candidates);
}

function queryString(doc: OpenApiDocument, op: Operation): fc.Arbitrary<string> {
  const params = op.query.map((p) =>
    fc.option(
      queryValue(doc, p.name, p.schema).map((v) => `${enc(p.name)}=${enc(v)}`),
      { nil: undefined, freq: 3 },
    ),
  );
  const extras = fc.array(
    fc.oneof(
      fc
        .tuple(fc.string({ maxLength: 8 }), hostileString)
        .map(([k, v]) => `${enc(k)}=${enc(v.slice(0, 200))}`),
      // Repeated parameters arrive as arrays; raw, unencoded oddities too.
      fc.constantFrom(
        'limit=1&limit=2',
        'cursor[]=a',
        'cursor[a]=b',
        '%ff=%fe',
        'token',
        '&&&',
        'category=__proto__',
      ),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...params), extras).map(([ps, es]) => {
    const all = [...ps.filter((p): p is string => p !== undefined), ...es];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

const ODD_PATHS = fc.oneof(
  fc.constantFrom(
    '/api/profile/photos/..%2f..%2fetc%2fpasswd',
    '/api/profile/photos/%00.webp',
    '/api/game-results/1',
    '/api/game-results/-1',
    '/api/auth/%ff',
    '/api/AUTH/ME',
    '/api/auth/me/',
    '/api//statistics',
    `/api/${'a'.repeat(8000)}`,
    '/api/user-badges/summary/../../auth/me',
    '/api/profile/photos/AAAAAAAAAAAAAAAAAAAAAA.webp',
  ),
  fc.string({ maxLength: 30 }).map((s) => `/api/profile/photos/${enc(s)}`),
  fc.string({ maxLength: 30 }).map((s) => `/api/${enc(s)}`),
);

/** Sessions survive the run: these end them, so the signed-in identities never send them. */
const ENDS_SESSIONS = new Set(['POST /api/auth/logout', 'POST /api/auth/logout-everywhere']);

export function requestArbitrary(doc: OpenApiDocument): fc.Arbitrary<GeneratedRequest> {
  const operations = operationsOf(doc);
  const identity = fc.constantFrom<Identity>('guest', 'pupil', 'other');
  const forOperation = (op: Operation): fc.Arbitrary<GeneratedRequest> => {
    const body =
      op.bodyType === 'json'
        ? encodedBody(doc, op)
        : op.bodyType === 'multipart'
          ? photoBody()
          : fc.constant({ body: undefined, headers: {}, kind: 'plain' });
    return fc.tuple(identity, queryString(doc, op), body).map(([who, query, b]) => ({
      identity: ENDS_SESSIONS.has(`${op.method} ${op.path}`) ? 'guest' : who,
      method: op.method,
      url: `${op.path}${query}`,
      headers: b.headers,
      body: b.body,
      kind: `${op.method} ${op.path} ${b.kind}`,
    }));
  };
  const odd: fc.Arbitrary<GeneratedRequest> = fc
    .tuple(identity, fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), ODD_PATHS)
    .map(([who, method, url]) => ({ identity: who, method, url, headers: {}, kind: `${method} odd path` }));
  const wrongMethod: fc.Arbitrary<GeneratedRequest> = fc
    .tuple(identity, fc.constantFrom(...operations), fc.constantFrom('PUT', 'PATCH', 'DELETE', 'POST', 'GET'))
    .filter(([, op, method]) => !operations.some((o) => o.path === op.path && o.method === method))
    .map(([who, op, method]) => ({
      identity: who,
      method,
      url: op.path,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
      kind: `${method} ${op.path} wrong method`,
    }));
  return fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom(...operations).chain(forOperation) },
    { weight: 2, arbitrary: odd },
    { weight: 1, arbitrary: wrongMethod },
  );
}
