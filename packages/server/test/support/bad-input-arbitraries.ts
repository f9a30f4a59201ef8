import fc from 'fast-check';

/** The JSON schema fragments the OpenAPI document gives for bodies (what zod's transform emits). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  maxLength?: number;
  maxItems?: number;
};

/** Numbers at and past every edge a handler or a PostgreSQL column has. */
export const extremeNumber = fc.constantFrom(
  0,
  -1,
  1,
  1.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 53),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e-300,
);

/** Strings that have broken servers: empty, blank, number-like, huge, NUL, unpaired surrogates, paths. */
export const extremeString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '0x10',
    '2147483648',
    '9007199254740993',
    '99999999999999999999999',
    '-0',
    'null',
    'true',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF x',
    '💼📄',
    'Ａｃｍｅ',
    '\u202Eevil',
    '../../etc/passwd',
    '/',
    '//',
    '%00',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    'x'.repeat(10_000),
    '😀'.repeat(3000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Any JSON value at all, with the extremes mixed in. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    extremeNumber,
    extremeString,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(extremeString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Ordinary values, so that most bodies pass validation and reach the handler with a few extremes. */
const plainString = fc.oneof(
  fc.constantFrom('Acme, Inc.', 'ada@example.com', '/', '/Contracts', 'title', 'people', 'x.pdf', 'Attorney'),
  fc.string({ maxLength: 12 }),
);

/** Fields named like an email get addresses, or they would stop at validation every time. */
const plainEmail = fc.oneof(
  fc.constantFrom('ada@example.com', 'ADA@Example.com', 'grace@example.com'),
  fc.emailAddress({ size: 'small' }),
);

/** Bodies sent as JSON that are not JSON, are nested far deeper than any form, or name prototype keys. */
export const rawBody = fc.constantFrom(
  '{"unterminated":',
  '[1,2',
  '"\\ud800"',
  '{"a":1}{"b":2}',
  'nul',
  '\u0000',
  '',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
);

/**
 * A value of the schema's shape whose leaves are mostly ordinary (real ids for numbers) and sometimes
 * extreme or of the wrong type; required fields are usually present.
 */
export function shaped(
  schema: JsonSchema | undefined,
  ids: number[],
  depth = 0,
  key = '',
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  const inner = (s: JsonSchema | undefined, name = '') => shaped(s, ids, depth + 1, name);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) return fc.oneof(...variants.map((variant) => inner(variant, key)));
  const odd = (right: fc.Arbitrary<unknown>, extreme: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 12, arbitrary: right }, { weight: 2, arbitrary: extreme }, anyJson, fc.constant(null));
  if (schema.enum) return odd(fc.constantFrom(...schema.enum), extremeString);
  if (schema.const !== undefined) return odd(fc.constant(schema.const), extremeString);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      const fields = Object.fromEntries(entries.map(([name, value]) => [name, inner(value, name)]));
      const requiredKeys = (schema.required ?? []).filter((name) => name in fields);
      const extra =
        schema.additionalProperties && typeof schema.additionalProperties === 'object'
          ? fc.dictionary(plainString, inner(schema.additionalProperties), { maxKeys: 3 })
          : fc.constant({});
      const record = fc
        .tuple(fc.record(fields, { requiredKeys }), extra)
        .map(([known, more]) => ({ ...more, ...known }));
      return odd(record, fc.oneof(fc.constant({}), fc.record(fields, { requiredKeys: [] })));
    }
    case 'array':
      return odd(fc.array(inner(schema.items), { maxLength: 4 }), fc.array(anyJson, { maxLength: 3 }));
    case 'string':
      return odd(/email/i.test(key) ? plainEmail : plainString, extremeString);
    case 'integer':
    case 'number':
      return odd(
        ids.length > 0 ? fc.constantFrom(...ids) : fc.integer(),
        fc.oneof(extremeNumber, extremeString),
      );
    case 'boolean':
      return odd(fc.boolean(), fc.constantFrom(0, 1, 'true', ''));
    default:
      return anyJson;
  }
}

/** Percent-encodes a string's UTF-8 bytes (encodeURIComponent throws on unpaired surrogates). */
export function encode(value: string) {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

/** A path segment: a real id (a number, a template key, a challenge id), an extreme number, or any string, URL-encoded. */
export const pathSegment = (realIds: (number | string)[]) =>
  fc
    .oneof(
      { weight: 4, arbitrary: fc.constantFrom(...realIds.map(String)) },
      extremeNumber.map(String),
      extremeString.filter((s) => s.length > 0 && s.length < 2000),
    )
    .map(encode);

/** A query string naming the route's parameters (and a stray one) with any values. */
export const queryString = (names: string[]) =>
  fc
    .dictionary(
      fc.constantFrom(...names, 'unexpected', 'id[]', '__proto__'),
      fc.oneof(extremeString, extremeNumber.map(String)),
      { maxKeys: 4 },
    )
    .map((query) =>
      Object.entries(query)
        .map(([key, value]) => `${encode(key)}=${encode(value)}`)
        .join('&'),
    );
