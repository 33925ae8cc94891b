/**
 * A small local HTTP server answering like S3 for the calls S3Storage makes: PUT, GET and DELETE of an object,
 * path-style (`/bucket/key`) or virtual-hosted (`Host: bucket.…`), every request's SigV4 signature checked
 * (sigv4.ts), errors as S3's XML bodies. Anonymous GETs are allowed, as on a bucket with a public-read
 * policy, so tests can read objects at their public URL. `failNext`/`failAlways` make it answer 500.
 */
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyRequest } from './sigv4';

export type StoredObject = { body: Buffer; contentType: string; cacheControl: string | undefined; etag: string };

export type FakeS3 = {
  /** `http://127.0.0.1:<port>`: the endpoint for path-style requests. */
  url: string;
  port: number;
  /** `bucket/key` -> object. */
  objects: Map<string, StoredObject>;
  /** Every request, oldest first. */
  requests: Array<{ method: string; host: string; bucket: string; key: string; status: number; code?: string }>;
  /** Answers 500 InternalError to the next `count` requests. */
  failNext: (count?: number) => void;
  /** Answers 500 InternalError to every request until `heal()`. */
  failAlways: () => void;
  heal: () => void;
  close: () => Promise<void>;
};

export type FakeS3Options = {
  buckets: string[];
  region: string;
  /** Access key id -> secret. */
  credentials: Record<string, string>;
};

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const secrets = new Map(Object.entries(options.credentials));
  let failures = 0;

  const fake: FakeS3 = {
    url: '',
    port: 0,
    objects: new Map(),
    requests: [],
    failNext: (count = 1) => {
      failures = count;
    },
    failAlways: () => {
      failures = Number.POSITIVE_INFINITY;
    },
    heal: () => {
      failures = 0;
    },
    close: async () => undefined,
  };

  /** Bucket and key from a virtual-hosted Host header or from the first path segment. */
  function locate(req: IncomingMessage): { bucket: string; key: string } {
    const host = String(req.headers.host ?? '');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const segments = path.slice(1).split('/');
    const hosted = options.buckets.find((bucket) => host.startsWith(`${bucket}.`));
    const bucket = hosted ?? decodeURIComponent(segments.shift() ?? '');
    return { bucket, key: segments.map((s) => decodeURIComponent(s)).join('/') };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const { bucket, key } = locate(req);
    const answer = (status: number, code?: string, message?: string) => {
      fake.requests.push({ method, host: String(req.headers.host ?? ''), bucket, key, status, code });
      if (!code) return;
      const resource = `/${bucket}/${key}`;
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message ?? code)}</Message>` +
          `<Resource>${xmlEscape(resource)}</Resource><RequestId>FAKE</RequestId></Error>`,
      );
    };

    if (failures > 0) {
      failures -= 1;
      return answer(500, 'InternalError', 'We encountered an internal error. Please try again.');
    }
    const anonymousRead = method === 'GET' && !req.headers.authorization;
    if (!anonymousRead) {
      const verdict = verifyRequest({ method, url: req.url ?? '/', headers: req.headers, body }, secrets, {
        region: options.region,
      });
      if (!verdict.ok) return answer(verdict.status, verdict.code, verdict.message);
    }
    if (!options.buckets.includes(bucket)) return answer(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) return answer(400, 'InvalidRequest', 'This fake only serves objects');
    const id = `${bucket}/${key}`;

    if (method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      fake.objects.set(id, {
        body,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        cacheControl: req.headers['cache-control'],
        etag,
      });
      answer(200);
      res.writeHead(200, { etag, 'content-length': '0' });
      return res.end();
    }
    if (method === 'GET') {
      const object = fake.objects.get(id);
      if (!object) return answer(404, 'NoSuchKey', 'The specified key does not exist.');
      answer(200);
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': String(object.body.length),
        etag: object.etag,
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      });
      return res.end(object.body);
    }
    if (method === 'DELETE') {
      // Like S3: 204 whether or not the key existed.
      fake.objects.delete(id);
      answer(204);
      res.writeHead(204);
      return res.end();
    }
    return answer(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/**
 * A fetch that connects every request to 127.0.0.1:`port` whatever its host name, keeping the Host header
 * of the URL: lets virtual-hosted requests (`bucket.s3.example`) reach the fake without DNS. (Node's fetch
 * ignores a Host header given by the caller, hence node:http.)
 */
export function loopbackFetch(port: number): typeof fetch {
  return async (input, init) => {
    const target = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init?.headers));
    const body = init?.body ? Buffer.from(init.body as Uint8Array) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: init?.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers: { ...headers, host: target.host, ...(body ? { 'content-length': String(body.length) } : {}) },
          signal: init?.signal ?? undefined,
        },
        async (res) => {
          const data = await readBody(res);
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') responseHeaders.set(name, value);
          }
          resolve(new Response(data, { status: res.statusCode ?? 500, headers: responseHeaders }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}
