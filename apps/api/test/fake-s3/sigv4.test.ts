import { describe, expect, it } from 'vitest';
import { canonicalRequest, EMPTY_SHA256, signature, stringToSign, uriEncode, verifyRequest } from './sigv4';

// AWS's published example (S3 API reference, "Signature calculations for the Authorization header",
// example "GET Object"): the first 10 bytes of examplebucket/test.txt with the documentation's keys.
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
  },
  signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
  signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
};
const scope = { date: '20130524', region: 'us-east-1', service: 's3' };

const exampleRequest = (secretOverride?: string) => ({
  method: 'GET',
  url: '/test.txt',
  headers: {
    ...AWS_EXAMPLE.headers,
    authorization:
      `AWS4-HMAC-SHA256 Credential=${AWS_EXAMPLE.accessKeyId}/20130524/us-east-1/s3/aws4_request,` +
      `SignedHeaders=${AWS_EXAMPLE.signedHeaders.join(';')},Signature=${AWS_EXAMPLE.signature}`,
  },
  body: Buffer.alloc(0),
  secrets: new Map([[AWS_EXAMPLE.accessKeyId, secretOverride ?? AWS_EXAMPLE.secret]]),
});

describe('the fake S3 signature verifier', () => {
  it("reproduces AWS's published GET Object example, step by step", () => {
    const canonical = canonicalRequest({
      method: 'GET',
      path: '/test.txt',
      query: '',
      headers: AWS_EXAMPLE.headers,
      signedHeaders: AWS_EXAMPLE.signedHeaders,
      payloadHash: EMPTY_SHA256,
    });
    expect(canonical).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    const toSign = stringToSign('20130524T000000Z', scope, canonical);
    // The string to sign printed in the same example.
    expect(toSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n' +
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signature(AWS_EXAMPLE.secret, scope, toSign)).toBe(AWS_EXAMPLE.signature);
  });

  it('accepts the example request and rejects it under another secret', () => {
    const now = new Date('2013-05-24T00:05:00Z');
    const good = exampleRequest();
    expect(verifyRequest(good, good.secrets, { region: 'us-east-1', now })).toEqual({
      ok: true,
      accessKeyId: AWS_EXAMPLE.accessKeyId,
    });
    const wrong = exampleRequest('another-secret');
    expect(verifyRequest(wrong, wrong.secrets, { region: 'us-east-1', now })).toMatchObject({
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('rejects a changed header, a stale date, an unknown key and a body that does not match its hash', () => {
    const now = new Date('2013-05-24T00:05:00Z');
    const base = exampleRequest();
    type Request = Omit<typeof base, 'headers'> & { headers: Record<string, string> };
    const verify = (request: Request, at = now) =>
      verifyRequest(request, base.secrets, { region: 'us-east-1', now: at });
    expect(verify({ ...base, headers: { ...base.headers, range: 'bytes=0-99' } })).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(verify(base, new Date('2013-05-24T01:00:00Z'))).toMatchObject({ code: 'RequestTimeTooSkewed' });
    expect(verifyRequest(base, new Map(), { region: 'us-east-1', now })).toMatchObject({ code: 'InvalidAccessKeyId' });
    expect(verify({ ...base, body: Buffer.from('not empty') })).toMatchObject({ code: 'XAmzContentSHA256Mismatch' });
    expect(verify({ ...base, headers: { host: 'x' } })).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('encodes like SigV4: only unreserved characters stay', () => {
    expect(uriEncode("a b/é(1)*!'~_.-")).toBe('a%20b%2F%C3%A9%281%29%2A%21%27~_.-');
  });
});
