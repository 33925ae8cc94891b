/**
 * Test helpers around the OpenAPI document the app serves: its operations, a request sent through the real app,
 * and whether an answer is one the document describes (its status, its media type, its body by JSON schema).
 */

import { connect } from 'node:net';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

export type JsonSchema = { [key: string]: unknown };
type MediaTypes = Record<string, { schema?: JsonSchema }>;

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };
export type Operation = {
  method: string;
  /** The document's path, with `{name}` parameters. */
  path: string;
  operationId: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { description: string; content?: MediaTypes; headers?: Record<string, unknown> }>;
  security?: Array<Record<string, string[]>>;
};
export type ApiDocument = {
  openapi: string;
  components: { securitySchemes?: Record<string, JsonSchema>; schemas?: Record<string, JsonSchema> };
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  operations: Operation[];
};

/** `value` with every `#/components/schemas/...` reference replaced by the schema it names. */
function inlineRefs(value: unknown, schemas: Record<string, JsonSchema>): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, schemas));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    if (!schemas[name]) throw new Error(`unknown reference ${ref}`);
    return inlineRefs(schemas[name], schemas);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineRefs(item, schemas)]));
}

/** GET /api/docs/json, with its operations listed (references inlined). */
export async function apiDocument(app: FastifyInstance): Promise<ApiDocument> {
  const res = await app.inject('/api/docs/json');
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const raw = res.json() as Omit<ApiDocument, 'operations'>;
  const paths = inlineRefs(raw.paths, raw.components.schemas ?? {}) as ApiDocument['paths'];
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      ...operation,
      parameters: operation.parameters ?? [],
      method: method.toUpperCase(),
      path,
    })),
  );
  return { ...raw, paths, operations };
}

export type ApiRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};
export type Answer = { statusCode: number; headers: Record<string, unknown>; body: Buffer };

/**
 * Sends `request` through the app. A stream (text/event-stream) is read up to its headers and closed: it never ends
 * by itself.
 */
export async function send(app: FastifyInstance, request: ApiRequest): Promise<Answer> {
  const res = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    payload: request.payload,
    payloadAsStream: true,
  });
  const stream = res.stream();
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, headers: res.headers, body: Buffer.alloc(0) };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { statusCode: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) };
}

/**
 * Sends `request` as raw bytes on a new connection to 127.0.0.1:`port` (what `inject` cannot do: bytes Node's HTTP
 * parser refuses, such as a control character in a header) and reads the answer until the server closes the
 * connection (it was asked to: `Connection: close`).
 */
export async function sendRaw(port: number, request: ApiRequest): Promise<Answer> {
  const payload = request.payload === undefined ? Buffer.alloc(0) : Buffer.from(request.payload);
  const head = [
    `${request.method} ${request.url} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ...(payload.length > 0 ? [`Content-Length: ${payload.length}`] : []),
  ].join('\r\n');
  const received = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), payload])),
    );
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
  const end = received.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no HTTP answer: ${JSON.stringify(received.toString('latin1'))}`);
  const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, unknown> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  const rest = received.subarray(end + 4);
  return {
    statusCode: Number(statusLine.split(' ')[1]),
    headers,
    body: Number.isInteger(length) ? rest.subarray(0, length) : rest,
  };
}

/** Checks answers against the document: `problem` says what the document does not describe, if anything. */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly validators = new Map<JsonSchema, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** True when `value` is valid by `schema` (a request body the document accepts, say). */
  accepts(schema: JsonSchema, value: unknown): boolean {
    return this.validator(schema)(value) === true;
  }

  /** Undefined when `operation` documents `answer` (status, media type and body); otherwise what is wrong. */
  problem(operation: Operation, answer: Answer): string | undefined {
    const documented = operation.responses[String(answer.statusCode)];
    if (!documented) return `status ${answer.statusCode} is not documented`;
    const content = documented.content;
    if (!content) return answer.body.length === 0 ? undefined : `status ${answer.statusCode} documents no body`;
    const mediaType = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    const media = mediaType ? content[mediaType] : undefined;
    if (!media) return `status ${answer.statusCode}: media type "${mediaType}" is not documented`;
    if (mediaType !== 'application/json' || !media.schema) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return `status ${answer.statusCode}: the body is not JSON`;
    }
    const validate = this.validator(media.schema);
    if (validate(body)) return undefined;
    const [first] = validate.errors ?? [];
    return `status ${answer.statusCode}: body ${first?.instancePath || '/'} ${first?.message ?? 'is not valid'}`;
  }
}

/** A short description of a request and its answer, for a failure message. */
export function describeExchange(request: ApiRequest, answer: Answer | undefined, problem: string): string {
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'authorization')
    .map(([name, value]) => `${name}: ${cut(value, 60)}`)
    .join('; ');
  const payload = request.payload === undefined ? '' : ` payload=${JSON.stringify(cut(String(request.payload), 300))}`;
  const body = answer ? ` -> ${answer.statusCode} ${cut(answer.body.toString('utf8'), 200)}` : '';
  return `${problem}: ${request.method} ${cut(request.url, 200)} [${headers}]${payload}${body}`;
}
