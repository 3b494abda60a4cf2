import fc from 'fast-check';

/**
 * Values of a JSON Schema from the OpenAPI document: near-valid ones, the hostile values clients and attackers
 * send, and a near-valid body with one thing broken.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects from the OpenAPI document.
export type JsonSchema = any;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as served.
export type OpenApiDocument = any;

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202eevil\u202c',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩‍👩‍👧‍👦🧮',
  'İıŞşĞğ',
  "'; DROP TABLE auth.users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%ff',
  '\ud800',
  '\uffff\ufffe',
  'null',
  '{"__proto__":{"admin":true}}',
  '9'.repeat(400),
  'x'.repeat(10_000),
];

export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...ODD_STRINGS),
  fc.integer({ min: 1, max: 4 }).map((n) => 'ж'.repeat(10 ** n)),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 53), 1e308, -1e308, 1.5, -0.000001, Number.MAX_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let s = schema;
  while (s?.$ref) s = doc.components.schemas[String(s.$ref).split('/').pop()!];
  return s ?? {};
}

/** A value the schema (roughly) accepts, so the mutations below break one thing at a time. */
export function validValue(doc: OpenApiDocument, schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  if (depth > 4) return fc.constant(null);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const variants = s.anyOf ?? s.oneOf;
  if (Array.isArray(variants))
    return fc.oneof(...variants.map((v: JsonSchema) => validValue(doc, v, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      const min = s.minLength ?? 0;
      const max = Math.max(min, Math.min(s.maxLength ?? 24, 40));
      if (s.format === 'email') return fc.emailAddress();
      if (s.pattern) {
        return fc
          .stringMatching(new RegExp(s.pattern))
          .filter((v) => v.length >= min && v.length <= Math.max(max, min));
      }
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(doc, s.items ?? {}, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties: Record<string, JsonSchema> = s.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validValue(doc, value, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k: string) => k in shape) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One thing broken: a field dropped, a field of the wrong kind, extra fields, or not an object at all. */
export function brokenBody(doc: OpenApiDocument, schema: JsonSchema): fc.Arbitrary<unknown> {
  const valid = validValue(doc, schema);
  const keys = Object.keys(resolve(doc, schema).properties ?? {});
  const field = keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 });
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc.tuple(valid, field, hostileValue).map(([v, k, bad]) => ({ ...(v as object), [k]: bad })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, field).map(([v, k]) => {
        const copy = { ...(v as Record<string, unknown>) };
        delete copy[k];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('userId', 'id', 'role', 'isVerified', '__proto__', 'constructor', 'uid'),
          hostileValue,
        )
        .map(([v, k, bad]) => JSON.parse(JSON.stringify({ ...(v as object), [k]: bad }))),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}
