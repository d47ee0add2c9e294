import fc from 'fast-check';

/** Path segment values: real-looking ids, Canvas id syntax, and hostile text, percent-encoded as sent. */
export const pathValue = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.constantFrom('self', 'sis_course_id:A1', 'sis_user_id:', 'uuid:x', '0', '-1', '1e3', '99999999999999999999', '__proto__', 'constructor'),
  fc.constantFrom('sis_user_id:x', 'sis_login_id:x', 'sis_integration_id:x', 'sis_constructor:x', 'sis___proto__:x', 'sis_course_id:x'),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom('%00', '%E0', '%FF%FE', '..%2F..', '%2e%2e'),
);

const key = fc.oneof(
  fc.constantFrom('include', 'per_page', 'page', 'id', 'name', 'search_term', 'enrollment_type', 'module', 'course'),
  fc.stringMatching(/^[a-z_]{1,10}$/),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'),
);
const bracketKey = fc
  .tuple(key, fc.array(fc.oneof(key, fc.constant(''), fc.nat({ max: 120 }).map(String)), { maxLength: 7 }))
  .map(([root, rest]) => root + rest.map((part) => `[${part}]`).join(''));
const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('true', 'false', 'yes', '', '0', '-1', '1e309', 'NaN', '2024-13-45', 'null', '\u0000', '\uD800'),
  fc.integer().map(String),
);

/** A form/query string of bracket keys, some hostile, some repeated. */
export const bracketParams = fc
  .array(fc.tuple(bracketKey, scalar), { maxLength: 12 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '?'))}`).join('&'));

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 1e308, 'x', '', 'yes'),
    fc.string({ maxLength: 10 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

export interface FuzzBody {
  contentType?: string;
  body?: string | Uint8Array;
}

/** Bodies: JSON objects (hostile keys, deep, huge), forms, garbage, wrong or missing content types. */
export const requestBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constant({}),
  fc.dictionary(key, jsonValue, { maxKeys: 6 }).map((o) => ({ contentType: 'application/json', body: JSON.stringify(o) })),
  jsonValue.map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) })),
  fc.constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    '{',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"x":"${'y'.repeat(150_000)}"}`,
    '{"n":1e309}',
  ).map((body) => ({ contentType: 'application/json', body })),
  bracketParams.map((body) => ({ contentType: 'application/x-www-form-urlencoded', body })),
  fc.constantFrom('text/plain', 'multipart/form-data; boundary=z', 'application/json; charset=utf-16', 'application/xml').map((contentType) => ({ contentType, body: 'a=1' })),
  fc.constant({ contentType: 'application/json', body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]) }),
);
