import fc from 'fast-check';

/** The JSON Schema subset `z.toJSONSchema` writes into the OpenAPI document for route params. */
export type JsonSchema = Record<string, unknown>;

/** Ids of records that exist, by kind, so a share of generated requests gets past the 404s into the services. */
export interface IdPool {
  /** Every real id, for any `*_id` / `*_ids` field. */
  readonly all: readonly (number | string)[];
}

/** Values no schema expects, that services must still answer with a 4xx: overflows, huge text, odd dates. */
const edgeValue = fc.constantFrom<unknown>(
  null,
  '',
  ' ',
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 53 + 2,
  '9007199254740993',
  '99999999999999999999',
  '1e309',
  'NaN',
  'x'.repeat(70_000),
  '275760-09-13T00:00:01Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-19T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2024-02-30T10:00:00Z',
  '2024-01-01',
  'self',
  '__proto__',
  [],
  {},
);

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const pattern = schema.pattern;
  const description = typeof schema.description === 'string' ? schema.description : '';
  // Numeric patterns (Canvas takes numbers as text): a plain small number, as a client would send it.
  if (typeof pattern === 'string' && pattern.includes('\\d')) return fc.nat({ max: 120 }).map(String);
  if (typeof pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(pattern));
    } catch {
      // Not every pattern is one fast-check can generate from.
    }
  }
  if (/ISO 8601|date|timestamp/i.test(description)) {
    return fc.oneof(fc.integer({ min: -400, max: 400 }).map((days) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z')), fc.constantFrom('2026-01-01', ''));
  }
  if (/Boolean/.test(description)) return fc.constantFrom('true', 'false', '1', '0');
  if (/Page/.test(description)) return fc.integer({ min: 1, max: 3 }).map(String);
  return fc.oneof(
    { arbitrary: fc.constantFrom('Week 1', 'Essay', '<p>hi</p>', 'https://example.test/x', 'a@example.test', 'notes', 'self'), weight: 3 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 0;
  const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1e6) : 120;
  const lo = Math.ceil(Math.min(Math.max(min, -1e6), max));
  const ints = fc.integer({ min: lo, max: Math.floor(max) });
  return integer ? ints : fc.oneof({ arbitrary: ints, weight: 4 }, { arbitrary: fc.double({ min: lo, max, noNaN: true }), weight: 1 });
}

function typedFor(type: string, schema: JsonSchema, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'number':
      return numberFor(schema, false);
    case 'integer':
      return numberFor(schema, true);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      return fc.array(valueFor(items, pool, depth + 1), { maxLength: 4 });
    }
    case 'object':
      return objectFor(schema, pool, depth);
    default:
      return fc.constant(null);
  }
}

function objectFor(schema: JsonSchema, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(asArray(schema.required) as string[]);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = fieldFor(name, property, pool, depth + 1);
  const known = fc.record(record, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
  if (Object.keys(properties).length > 0 || depth > 3) return known;
  // Maps (grade_data, column_data …): real ids as keys.
  const additional = schema.additionalProperties;
  const inner = typeof additional === 'object' && additional !== null ? valueFor(additional as JsonSchema, pool, depth + 1) : fc.constant('x');
  return fc.dictionary(fc.oneof(fc.constantFrom(...pool.all.map(String)), fc.string({ maxLength: 6 })), inner, { maxKeys: 3 });
}

/** A field by its name too: ids come from the pool of real records. */
function fieldFor(name: string, schema: JsonSchema, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  const value = valueFor(schema, pool, depth);
  if (pool.all.length === 0 || !/(^|_)ids?$/.test(name)) return value;
  const real = fc.constantFrom(...pool.all);
  return fc.oneof({ arbitrary: real, weight: 3 }, { arbitrary: fc.array(real, { minLength: 1, maxLength: 3 }), weight: /_ids$/.test(name) ? 3 : 0 }, { arbitrary: value, weight: 2 });
}

/** Mostly a value the schema accepts (so validation passes and the service runs), sometimes an edge value. */
export function valueFor(schema: JsonSchema, pool: IdPool, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  // The whole body or query is an object; its fields carry the edge values.
  if (depth === 0) return validFor(schema, pool, depth);
  const valid = validFor(schema, pool, depth);
  return fc.oneof({ arbitrary: valid, weight: 39 }, { arbitrary: edgeValue, weight: 1 });
}

function validFor(schema: JsonSchema, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return fc.oneof(...alternatives.map((alt) => validFor(alt, pool, depth)));
  const types = asArray(schema.type) as string[];
  if (types.length === 0) return schema.properties ? objectFor(schema, pool, depth) : fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  return fc.oneof(...types.map((type) => typedFor(type, schema, pool, depth)));
}

/** Rails' `to_query`: `a[b][]=1&a[c]=x`, the form and query encoding Canvas clients use. */
export function toQuery(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => toQuery(item, `${prefix}[]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => toQuery(inner, prefix ? `${prefix}[${key}]` : key));
  }
  const text = value === null || value === undefined ? '' : String(value as string | number | boolean);
  const encodedKey = encodeURIComponent(prefix).replace(/%5B/g, '[').replace(/%5D/g, ']');
  return [`${encodedKey}=${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'))}`];
}
