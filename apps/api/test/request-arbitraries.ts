/**
 * fast-check arbitraries of requests for an operation of the OpenAPI document: valid-ish ones generated from its
 * schemas, and hostile ones (wrong types, huge numbers, NUL characters, over-long strings, unknown parameters,
 * malformed JSON or multipart bodies, foreign media types, forged tokens).
 */
import fc from 'fast-check';
import type { ApiRequest, JsonSchema, Operation, Parameter } from './openapi';

/**
 * Values known to be right, by parameter or body field name (ids and uuids that exist, a future date, a password):
 * valid-ish requests reach real rows and pass rules a JSON schema cannot say.
 */
export type KnownValues = Record<string, unknown[]>;

export type RequestContext = {
  /** The bearer token of the role, or undefined for a visitor. */
  token: string | undefined;
  /** Tokens that must fail: malformed, badly signed, of a deleted user... */
  forgedTokens: string[];
  known: KnownValues;
  /** A small valid PNG, for multipart uploads. */
  png: Buffer;
};

const INT32_MAX = 2_147_483_647;

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\u202E',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '0000-00-00',
  '0000-01-01',
  '0001-01-01 00:00:00',
  '9999-12-31',
  '275760-09-13',
  '2024-02-30',
  '2024-01-01 24:61:00',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '%00',
  '__proto__',
  'constructor',
  '😀',
  'x'.repeat(300),
  'é'.repeat(5000),
  'x'.repeat(100_001),
];
const HOSTILE_NUMBERS = [-1, 0, INT32_MAX + 1, -INT32_MAX - 2, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, 5e-324];

/** Any JSON value a hostile client may put where another was expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
);

/** A string a hostile client may put in a path segment, a query value or a header (never empty or a dot segment). */
const hostileText: fc.Arbitrary<string> = hostileValue
  .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
  .filter((text) => text !== '' && text !== '.' && text !== '..');

/** `arbitrary` with probability `p`, null otherwise. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, p: number): fc.Arbitrary<T | null> {
  const weight = Math.round(p * 100);
  return fc.oneof({ weight, arbitrary }, { weight: 100 - weight, arbitrary: fc.constant(null) });
}

function types(schema: JsonSchema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.max(minLength, Math.min(Number(schema.maxLength ?? 30), 30));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= 254);
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => {
        return d.toISOString().slice(0, 10);
      });
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({ minLength, maxLength });
}

/** Values the JSON schema accepts (valid-ish: formats and patterns are followed, cross-field rules are not). */
export function validValue(schema: JsonSchema, hints: KnownValues = {}, depth = 0): fc.Arbitrary<unknown> {
  const base = validBase(schema, hints, depth);
  return schema.nullable === true || types(schema).includes('null') ? sometimes(base, 0.8) : base;
}

function validBase(schema: JsonSchema, hints: KnownValues, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      return fc.oneof(...(options as JsonSchema[]).map((option) => validValue(option, hints, depth + 1)));
    }
  }
  const all = types(schema);
  const [type] = all.length > 1 ? all.filter((name) => name !== 'null') : all;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer': {
      const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
      const min = Math.max(Number(schema.minimum ?? -1000) + exclusive, -INT32_MAX);
      const max = Math.min(Number(schema.maximum ?? 1000), INT32_MAX);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number': {
      const min = Number(schema.minimum ?? -1000);
      const max = Number(schema.maximum ?? 1000);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = Number(schema.minItems ?? 0);
      const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? 3), 3));
      return depth > 4 ? fc.constant([]) : fc.array(validValue(items, hints, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => {
          const generated = validValue(property, hints, depth + 1);
          const values = hints[name];
          if (!values || values.length === 0) return [name, generated];
          return [
            name,
            fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: generated }),
          ];
        }),
      );
      return fc.record(model, { requiredKeys: required.filter((name) => name in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every path to a value inside `value` (the root included), at most `max`. */
function pathsOf(value: unknown, prefix: Array<string | number> = [], max = 60): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [prefix];
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      if (paths.length >= max) break;
      paths.push(...pathsOf(item, [...prefix, key], max - paths.length));
    }
  }
  return paths.slice(0, max);
}

function replaced(value: unknown, path: Array<string | number>, by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

function removed(value: unknown, path: Array<string | number>): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (rest.length === 0) {
    if (Array.isArray(value)) return value.filter((_, index) => index !== head);
    const { [head]: _gone, ...others } = value as Record<string | number, unknown>;
    return others;
  }
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = removed(copy[head], rest);
  return copy;
}

/** `value` with one thing broken: a value anywhere replaced by a hostile one, a field removed, an unknown field added. */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(value);
  const nested = paths.filter((path) => path.length > 0);
  const objects = paths.filter((path) => {
    const at = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value);
    return at !== null && typeof at === 'object' && !Array.isArray(at);
  });
  const options: Array<fc.Arbitrary<unknown>> = [
    fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, hostile]) => replaced(value, path, hostile)),
  ];
  if (nested.length > 0) options.push(fc.constantFrom(...nested).map((path) => removed(value, path)));
  if (objects.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...objects), fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
        .map(([path, key, hostile]) => replaced(value, [...path, key], hostile)),
    );
  }
  return fc.oneof(...options);
}

/** Valid-ish most of the time, otherwise broken somewhere or replaced whole. */
function maybeHostile(schema: JsonSchema, hints: KnownValues): fc.Arbitrary<unknown> {
  const valid = validValue(schema, hints);
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 4, arbitrary: valid.chain(mutated) },
    { weight: 1, arbitrary: hostileValue },
  );
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[',
  'nul',
  '{"a":1}}',
  '"',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"a":1,"a":2}',
];
const FOREIGN_BODIES: Array<[string, string]> = [
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['application/xml', '<a>1</a>'],
  ['application/json; charset=latin1', '{}'],
  ['multipart/form-data; boundary=x', '--x\r\n'],
  ['', '{}'],
];

type Body = { contentType?: string; payload?: string | Buffer };

function jsonBody(operation: Operation, hints: KnownValues): fc.Arbitrary<Body> {
  const schema = operation.requestBody?.content['application/json']?.schema ?? {};
  const json = maybeHostile(schema, hints).map((value) => ({
    contentType: 'application/json',
    payload: value === undefined ? '' : JSON.stringify(value),
  }));
  return fc.oneof(
    { weight: 12, arbitrary: json },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...FOREIGN_BODIES).map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: '' }) },
    {
      weight: 1,
      arbitrary: fc.constant({ contentType: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` }),
    },
  );
}

type Part = { name: string; value: Buffer; filename?: string };

/** A multipart form of `file` and `folder` parts: valid, or with a part missing, repeated, hostile or cut short. */
function multipartBody(operation: Operation, png: Buffer): fc.Arbitrary<Body> {
  const schema = operation.requestBody?.content['multipart/form-data']?.schema ?? {};
  const folders = ((schema.properties as Record<string, JsonSchema> | undefined)?.folder?.enum as string[]) ?? [];
  const boundary = 'fuzzboundary';
  const folder = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...folders).map((value) => ({ name: 'folder', value: Buffer.from(value) })),
    },
    { weight: 1, arbitrary: hostileText.map((value) => ({ name: 'folder', value: Buffer.from(value) })) },
  );
  const file = fc.oneof(
    { weight: 4, arbitrary: fc.constant<Part>({ name: 'file', value: png, filename: 'a.png' }) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => ({ name: 'file', value: Buffer.from(bytes), filename: 'b.png' })),
    },
    { weight: 1, arbitrary: fc.constant<Part>({ name: 'file', value: Buffer.alloc(0), filename: '' }) },
  );
  const other = fc
    .tuple(fc.string({ minLength: 1, maxLength: 10 }), hostileText)
    .map(([name, value]) => ({ name: name.replace(/["\r\n]/g, '_'), value: Buffer.from(value) }));
  const part: fc.Arbitrary<Part> = fc.oneof(folder, file, other);
  const form: fc.Arbitrary<Part[]> = fc
    .tuple(folder, file)
    .chain(([f, g]) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom<Part[]>([f, g], [g, f]) },
        { weight: 1, arbitrary: fc.constantFrom<Part[]>([f], [g], [f, g, g], [f, f, g]) },
        { weight: 1, arbitrary: other.map((o): Part[] => [f, o, g]) },
        { weight: 1, arbitrary: fc.array(part, { maxLength: 4 }) },
      ),
    );
  return fc.tuple(form, sometimes(fc.nat(), 0.2)).map(([parts, cut]) => {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const file = part.filename === undefined ? '' : `; filename="${part.filename}"\r\nContent-Type: image/png`;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
      chunks.push(part.value, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const whole = Buffer.concat(chunks);
    const payload = cut === null ? whole : whole.subarray(0, cut % (whole.length + 1));
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload };
  });
}

function bodyOf(operation: Operation, context: RequestContext): fc.Arbitrary<Body> {
  const content = operation.requestBody?.content ?? {};
  if (content['multipart/form-data']) {
    return fc.oneof(
      { weight: 6, arbitrary: multipartBody(operation, context.png) },
      { weight: 1, arbitrary: jsonBody(operation, context.known) },
    );
  }
  if (content['application/json']) return jsonBody(operation, context.known);
  // No body expected: mostly none, sometimes one anyway.
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<Body>({}) },
    { weight: 1, arbitrary: jsonBody(operation, context.known) },
  );
}

/** A value for a path or query parameter, as text. */
function parameterText(parameter: Parameter, known: KnownValues): fc.Arbitrary<string> {
  const valid = validValue(parameter.schema).map((value) => String(value));
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<string> }> = [
    { weight: 4, arbitrary: valid },
    { weight: 3, arbitrary: hostileText },
  ];
  const values = known[parameter.name];
  if (values && values.length > 0) {
    options.push({ weight: 5, arbitrary: fc.constantFrom(...values).map(String) });
  }
  return fc.oneof(...options);
}

function pathOf(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const segments = parameters.map((parameter) =>
    fc.oneof(
      { weight: 12, arbitrary: parameterText(parameter, known).map(encodeURIComponent) },
      // An over-long segment, one whose percent-encoding is malformed, and ones holding an encoded / or \\.
      {
        weight: 2,
        arbitrary: fc.constantFrom('x'.repeat(150), '%zz', '%E0%A4%A', 'a%00b', '%2F', 'a%2Fb', '%2F..%2F', '%5C'),
      },
    ),
  );
  return fc.tuple(...segments).map((values) => {
    let path = operation.path;
    parameters.forEach((parameter, index) => {
      path = path.replace(`{${parameter.name}}`, values[index] ?? '');
    });
    return path;
  });
}

function queryOf(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const parameters = [...operation.parameters.filter((parameter) => parameter.in === 'query')];
  // The signed link of a download is a query parameter the document gives as a security scheme.
  if (operation.security?.some((alternative) => 'signedLink' in alternative)) {
    parameters.push({ name: 'token', in: 'query', schema: { type: 'string' } });
  }
  const given = parameters.map((parameter) =>
    sometimes(
      parameterText(parameter, known).map((value) => [parameter.name, value] as [string, string]),
      parameter.required ? 0.95 : 0.5,
    ),
  );
  const unknown = sometimes(
    fc.tuple(fc.constantFrom('x', 'page', '_', '__proto__', 'constructor', 'q[]', 'a.b'), hostileText),
    0.1,
  );
  const repeated = sometimes(fc.constantFrom(...parameters.map((parameter) => parameter.name), 'x'), 0.1);
  return fc.tuple(fc.tuple(...given), unknown, repeated).map(([pairs, extra, twice]) => {
    const search = new URLSearchParams();
    for (const pair of pairs) if (pair) search.append(pair[0], pair[1]);
    if (extra) search.append(extra[0], extra[1]);
    if (twice) search.append(twice, '1');
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

const LANGUAGES = ['en', 'fr', 'fr-CA,fr;q=0.9', 'de', '*', 'x'.repeat(300), ''];

function headersOf(context: RequestContext): fc.Arbitrary<Record<string, string>> {
  const authorization = fc.oneof(
    { weight: 10, arbitrary: fc.constant(context.token ? `Bearer ${context.token}` : undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...context.forgedTokens.map((token) => `Bearer ${token}`),
        'Bearer',
        'Bearer ',
        'bearer x',
        'Bearer a b',
        'Bearer a.b.c',
        'Token abc',
        'Basic dXNlcjpwYXNz',
        `Bearer ${'a'.repeat(5000)}`,
      ),
    },
  );
  const printable = hostileText.map((text) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200));
  return fc
    .tuple(
      authorization,
      fc.constantFrom(...LANGUAGES),
      sometimes(fc.oneof(fc.uuid(), printable), 0.5),
      sometimes(fc.oneof(fc.constantFrom('America/Toronto', 'Mars/Olympus'), printable), 0.3),
    )
    .map(([auth, lang, session, timezone]) => {
      const headers: Record<string, string> = { 'accept-language': lang };
      if (auth) headers.authorization = auth;
      if (session !== null) headers['x-session-id'] = session;
      if (timezone !== null) headers['x-timezone'] = timezone;
      return headers;
    });
}

/** Requests for `operation` as the role of `context`. */
export function requestArbitrary(operation: Operation, context: RequestContext): fc.Arbitrary<ApiRequest> {
  return fc
    .tuple(
      pathOf(operation, context.known),
      queryOf(operation, context.known),
      headersOf(context),
      bodyOf(operation, context),
    )
    .map(([path, query, headers, body]) => {
      const request: ApiRequest = { method: operation.method, url: `${path}${query}`, headers: { ...headers } };
      if (body.payload !== undefined) {
        request.payload = body.payload;
        if (body.contentType) request.headers['content-type'] = body.contentType;
      }
      return request;
    });
}

/** One valid-ish request for `operation` (no hostile part), for walks of every route. */
export function plainRequest(operation: Operation, context: RequestContext, seed: number): ApiRequest {
  const path = operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .reduce((url, parameter) => {
      const known = context.known[parameter.name]?.[0];
      const value = known ?? fc.sample(validValue(parameter.schema, context.known), { seed, numRuns: 1 })[0];
      return url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    }, operation.path);
  const request: ApiRequest = { method: operation.method, url: path, headers: { 'accept-language': 'en' } };
  if (context.token) request.headers.authorization = `Bearer ${context.token}`;
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (schema) {
    request.headers['content-type'] = 'application/json';
    request.payload = JSON.stringify(fc.sample(validValue(schema, context.known), { seed, numRuns: 1 })[0]);
  }
  return request;
}
