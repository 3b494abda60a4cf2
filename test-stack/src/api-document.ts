/**
 * The public API's OpenAPI document as the tests hold the services to it: the routes the services' routers declare
 * (`declaredRoutes`), and a check of a real answer against the document's schema for its route and status
 * (`checkAnswer`), which the journeys' clients run on every call they make.
 */
import { buildOpenApiDocument } from '@mathgames/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Express } from 'express';

type Method = 'get' | 'post' | 'patch' | 'delete' | 'put';
const METHODS: readonly Method[] = ['get', 'post', 'patch', 'delete', 'put'];

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every `METHOD /api/…` route an Express app declares (its router read, not a list kept by hand). */
export function declaredRoutes(app: Express): string[] {
  const stack = (app as unknown as { router: { stack: RouteLayer[] } }).router.stack;
  return stack.flatMap((layer) => {
    if (!layer.route) return [];
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all' && layer.route!.methods[m]);
    return paths
      .filter((path) => path === '/api' || path.startsWith('/api/'))
      .flatMap((path) =>
        methods.map((method) => `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`),
      );
  });
}

/** The document's operations as `METHOD /path` (path templates with `{name}`). */
export function documentedRoutes(): string[] {
  const doc = buildOpenApiDocument();
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

const DOC_ID = 'https://mathgames.invalid/openapi.json';
let validator: {
  ajv: Ajv2020;
  templates: { method: string; path: string; pattern: RegExp; literal: number }[];
};

function load() {
  if (validator) return validator;
  const doc = buildOpenApiDocument();
  // strict off: the document's own keywords (openapi, paths, example…) are not JSON Schema vocabulary.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const templates = documentedRoutes().map((route) => {
    const [method = '', path = ''] = route.split(' ');
    const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
    // A literal segment beats a parameter (`/api/classes/me/assignments` before `/{classId}/assignments`).
    return { method, path, pattern, literal: path.split('/').filter((s) => s && !s.startsWith('{')).length };
  });
  templates.sort((a, b) => b.literal - a.literal);
  validator = { ajv, templates };
  return validator;
}

/** The document's route for a real request, or undefined when it has none. */
export function routeOf(method: string, url: string): string | undefined {
  const path = new URL(url, 'http://x').pathname;
  return load().templates.find((t) => t.method === method.toUpperCase() && t.pattern.test(path))?.path;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/**
 * Checks one real answer against the document: its status must be listed for its route, and a JSON body valid for
 * the schema the document gives that status. Returns the problems found (none: []). A request to no documented
 * route (a test trying a path's other spellings, a probe) has nothing to check: the routers' test owns coverage.
 */
export function checkAnswer(method: string, url: string, status: number, body: unknown, contentType: string) {
  const route = routeOf(method, url);
  if (!route) return [];
  const doc = buildOpenApiDocument();
  const paths = (doc.paths ?? {}) as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  const operation = paths[route]?.[method.toLowerCase()];
  const response = operation?.responses[String(status)] as { content?: Record<string, unknown> } | undefined;
  if (!response) return [`${method} ${route} answered ${status}, which the document does not list`];
  if (!contentType.includes('application/json') || status === 304) return [];
  if (!response.content?.['application/json'])
    return [`${method} ${route} ${status}: JSON the document does not describe`];
  const ref = `${DOC_ID}#/${pointer('paths', route, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const { ajv } = load();
  const valid = ajv.validate({ $ref: ref }, body);
  return valid
    ? []
    : (ajv.errors ?? []).map(
        (e) => `${method} ${route} ${status}: ${e.instancePath || '(body)'} ${e.message}`,
      );
}

/** `checkAnswer` for the journeys' clients: a mismatch fails the journey with every problem named. */
export function expectDocumentedAnswer(
  method: string,
  url: string,
  status: number,
  body: unknown,
  contentType: string,
): void {
  const problems = checkAnswer(method, url, status, body, contentType);
  if (problems.length > 0)
    throw new Error(`The answer differs from /api/openapi.json:\n${problems.join('\n')}`);
}
