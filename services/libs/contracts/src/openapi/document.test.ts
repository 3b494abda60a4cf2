import { describe, expect, it } from 'vitest';
import { API_OPERATIONS, buildOpenApiDocument } from './document.js';
import { openApiPath } from './operation.js';

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument();

  it('has one operation per entry, each with a unique camelCase operationId and security', () => {
    const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { operationId?: string; security?: unknown[] }>).map(
        ([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op }),
      ),
    );
    expect(operations.map((o) => o.key).sort()).toEqual(
      API_OPERATIONS.map((op) => `${op.method.toUpperCase()} ${openApiPath(op.path)}`).sort(),
    );
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, op } of operations) {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(Array.isArray(op.security), key).toBe(true);
    }
  });

  it('names every path parameter, and lists the answers each operation can give', () => {
    for (const op of API_OPERATIONS) {
      const names = [...op.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(op.params ?? {}).sort(), op.operationId).toEqual(names.sort());
      const paths = (doc.paths ?? {}) as Record<
        string,
        Record<string, { responses: Record<string, unknown> }>
      >;
      const item = paths[openApiPath(op.path)]![op.method]!;
      const statuses = Object.keys(item.responses);
      expect(statuses, op.operationId).toEqual(expect.arrayContaining([String(op.ok.status), '429', '503']));
      if (op.body) expect(statuses, op.operationId).toEqual(expect.arrayContaining(['400', '413']));
      if (op.access !== 'public') expect(statuses, op.operationId).toContain('401');
      if (op.params) expect(statuses, op.operationId).toContain('404');
    }
  });

  it('shows an example with every operation, and each example is valid for the schema the route parses with', () => {
    const missing: string[] = [];
    for (const op of API_OPERATIONS) {
      const examples = [
        op.body?.contentType === undefined ? op.body?.example : undefined,
        op.ok.example,
        ...Object.values(op.params ?? {}).map((schema) => schema.meta()?.example),
        ...Object.values(op.query?.shape ?? {}).map(
          (schema) => (schema as { meta(): { example?: unknown } }).meta()?.example,
        ),
      ].filter((example) => example !== undefined);
      const pictured = op.ok.contentType !== undefined || op.body?.contentType !== undefined;
      if (!pictured && examples.length === 0) missing.push(op.operationId);
      if (op.body && !op.body.contentType) {
        const parsed = op.body.schema.safeParse(op.body.example);
        expect(parsed.error?.issues ?? [], op.operationId).toEqual([]);
      }
      if (op.ok.example !== undefined && op.ok.schema) {
        const parsed = op.ok.schema.safeParse(op.ok.example);
        expect(parsed.error?.issues ?? [], op.operationId).toEqual([]);
      }
      for (const [name, schema] of Object.entries(op.params ?? {})) {
        expect(schema.safeParse(schema.meta()?.example).success, `${op.operationId} ${name}`).toBe(true);
      }
    }
    expect(missing, 'operations without an example').toEqual([]);
  });

  it('generates the schemas from zod, with their limits', () => {
    const schemas = doc.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'GameResultRequest',
        'StatisticsResponse',
        'ErrorBody',
        'ClassJoin',
        'TeacherClass',
      ]),
    );
    expect(JSON.stringify(schemas.LoginRequest)).toContain('"maxLength":72');
  });
});
