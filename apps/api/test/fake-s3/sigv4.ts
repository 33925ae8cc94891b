/**
 * An AWS Signature Version 4 verifier for the fake S3 server, written from AWS's description of the
 * algorithm with node:crypto: canonical request, string to sign, HMAC key chain. It shares no code with
 * the client's signer (aws4fetch), so a test passing means two implementations agree.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function uriEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** S3's canonical URI: each path segment decoded once and encoded once (no dot-segment removal). */
export function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decode(segment)))
    .join('/');
}

/** Query parameters encoded, sorted by name then value, joined with &. */
export function canonicalQuery(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      const value = at < 0 ? '' : pair.slice(at + 1);
      return { name: uriEncode(decode(name.replace(/\+/g, ' '))), value: uriEncode(decode(value.replace(/\+/g, ' '))) };
    })
    .sort((a, b) =>
      a.name !== b.name ? (a.name < b.name ? -1 : 1) : a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
    )
    .map(({ name, value }) => `${name}=${value}`)
    .join('&');
}

export type CanonicalInput = {
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  signedHeaders: string[];
  payloadHash: string;
};

export function canonicalRequest(input: CanonicalInput): string {
  const headerLines = input.signedHeaders.map((name) => {
    const raw = input.headers[name];
    const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
    return `${name}:${value.trim().replace(/\s+/g, ' ')}\n`;
  });
  return [
    input.method.toUpperCase(),
    canonicalUri(input.path),
    canonicalQuery(input.query),
    headerLines.join(''),
    input.signedHeaders.join(';'),
    input.payloadHash,
  ].join('\n');
}

export type Scope = { date: string; region: string; service: string };

export function stringToSign(amzDate: string, scope: Scope, canonical: string): string {
  const credentialScope = `${scope.date}/${scope.region}/${scope.service}/aws4_request`;
  return ['AWS4-HMAC-SHA256', amzDate, credentialScope, sha256Hex(canonical)].join('\n');
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request"). */
export function signature(secret: string, scope: Scope, toSign: string): string {
  const kDate = hmac(`AWS4${secret}`, scope.date);
  const kRegion = hmac(kDate, scope.region);
  const kService = hmac(kRegion, scope.service);
  const kSigning = hmac(kService, 'aws4_request');
  return createHmac('sha256', kSigning).update(toSign, 'utf8').digest('hex');
}

export type Verdict = { ok: true; accessKeyId: string } | { ok: false; status: number; code: string; message: string };

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([^/\s]+)\/([^/\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** Checks a request's Authorization header against `secrets` (access key id -> secret), as S3 does. */
export function verifyRequest(
  request: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer },
  secrets: ReadonlyMap<string, string>,
  options: { region: string; now?: Date },
): Verdict {
  const fail = (status: number, code: string, message: string): Verdict => ({ ok: false, status, code, message });
  const header = request.headers.authorization;
  if (!header) return fail(403, 'AccessDenied', 'Access Denied');
  const match = AUTH.exec(header);
  if (!match) return fail(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
  const [, accessKeyId = '', date = '', region = '', service = '', signedList = '', given = ''] = match;
  const secret = secrets.get(accessKeyId);
  if (secret === undefined) return fail(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist');
  if (region !== options.region || service !== 's3') {
    return fail(400, 'AuthorizationHeaderMalformed', `the region '${region}' is wrong; expecting '${options.region}'`);
  }
  const signedHeaders = signedList.split(';');
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
    if (!signedHeaders.includes(required)) return fail(403, 'AccessDenied', `${required} must be signed`);
  }
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!at || amzDate.slice(0, 8) !== date) return fail(403, 'AccessDenied', 'X-Amz-Date is missing or wrong');
  const [year, month, day, hour, minute, second] = at.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const sent = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Math.abs((options.now ?? new Date()).getTime() - sent) > 15 * 60_000) {
    return fail(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large',
    );
  }
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(request.body)) {
    return fail(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match");
  }
  const q = request.url.indexOf('?');
  const canonical = canonicalRequest({
    method: request.method,
    path: q < 0 ? request.url : request.url.slice(0, q),
    query: q < 0 ? '' : request.url.slice(q + 1),
    headers: request.headers,
    signedHeaders,
    payloadHash,
  });
  const scope = { date, region, service };
  const expected = Buffer.from(signature(secret, scope, stringToSign(amzDate, scope, canonical)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) {
    return fail(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided',
    );
  }
  return { ok: true, accessKeyId };
}
