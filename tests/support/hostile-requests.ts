import fc from 'fast-check';

/** One API call as the OpenAPI document describes it. */
export interface Operation {
  method: string;
  /** '/api/books/{id}' */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The media types its body may have ('application/json', 'multipart/form-data'). */
  bodyTypes: string[];
  /** The JSON body's top-level field names, if it has one. */
  bodyFields: string[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: { $ref?: string; properties?: Record<string, unknown> } }> };
}

/** Every operation of an OpenAPI 3.1 document. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => {
      const json = op.requestBody?.content['application/json']?.schema;
      const resolved = json?.$ref ? doc.components?.schemas?.[json.$ref.split('/').pop()!] : json;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        bodyFields: Object.keys(resolved?.properties ?? {}),
      };
    }),
  );
}

/** What `String.replace` reads as patterns in a replacement string: a text of ours must never be read so. */
export const dollarPatterns = ['$`', "$'", '$&', '$1', '$<name>', '$$'];

const nasty = [
  ...dollarPatterns.map((pattern) => pattern.repeat(10)),
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '"; drop table books; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '-0',
  '9007199254740993',
  '0x10',
  'true',
  '[]',
  '{}',
  '\u202e\u0645\ud83d\ude00',
  '\ud800',
  'é'.repeat(300),
  '9'.repeat(400),
  'x'.repeat(5000),
];

/** A hostile string: random text, odd numbers and markup, ids that exist, or `known` values. */
export function hostileString(known: string[] = []) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...nasty) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.integer().map(String) },
    ...(known.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
  );
}

/** Any JSON value, including wrong types for a field. */
const anyValue = (known: string[]) =>
  fc.oneof(
    hostileString(known),
    fc.jsonValue({ maxDepth: 3 }),
    fc.double(),
    fc.constantFrom(null, true, false, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  );

const deepNesting = fc
  .integer({ min: 100, max: 9000 })
  .chain((depth) =>
    fc.constantFrom(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

/** A body's text: valid-looking objects with wrong values and extra or prototype keys, or broken JSON. */
export function hostileJsonText(fields: string[], known: string[]) {
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.string({ maxLength: 12 });
  const object = fc.dictionary(
    fc.oneof(field, field, fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype')),
    anyValue(known),
    { maxKeys: 8 },
  );
  return fc.oneof(
    { weight: 4, arbitrary: object.map((value) => JSON.stringify(value)) },
    {
      weight: 2,
      arbitrary: object.map(
        (value) =>
          `{"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}},${JSON.stringify(value).slice(1)}`,
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: deepNesting },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 63 * 1024 })
        .map((n) => JSON.stringify({ [fields[0] ?? 'x']: 'x'.repeat(n) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '"just a string"', '[1,2', '\u0000', 'undefined'),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  );
}

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 120,
});

/** Odd request headers (values a Request may carry: printable, no line breaks). */
export const hostileHeaders = fc.record(
  {
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', '', 'x/y;q=abc'),
    'accept-language': headerText,
    'x-forwarded-for': headerText,
    'x-bookshelf-client-ip': headerText,
    authorization: fc.oneof(
      headerText,
      headerText.map((v) => `Bearer ${v}`),
      fc.constant('Bearer a.b'),
    ),
    'if-none-match': headerText,
    range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=999999999-', 'pages=1'),
    'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'zz'),
    'stripe-signature': headerText,
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'GET'),
  },
  { requiredKeys: [] },
);

export const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  '',
];
