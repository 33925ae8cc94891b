/**
 * Malformed upload forms (issue 15, items 9 and 10): each gets a 400 that says what is wrong, never a 500 and
 * never "The file is too large" for a form of a few hundred bytes. Bodies are written by hand, as a client
 * that does not follow the rules sends them.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { uploads } from '../../db/schema/uploads';
import type { UserRow } from '../../plugins/auth';

const URL = '/api/v1/connected/globals/upload';
const BOUNDARY = 'evmap-test-boundary';
let ctx: TestContext;
let viewer: UserRow;
let jpeg: Buffer;

/** One part of a multipart body; with `filename`, a file part. */
function part(name: string, value: string | Buffer, filename?: string): Buffer {
  const file = filename ? `; filename="${filename}"\r\nContent-Type: image/jpeg` : '';
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n`),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}
const END = Buffer.from(`--${BOUNDARY}--\r\n`);

const post = (payload: Buffer, lang = 'en', contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: { ...authHeaders(ctx.app, viewer, lang), 'content-type': contentType },
    payload,
  });

const uploadCount = async () => (await ctx.db.select().from(uploads)).length;

beforeAll(async () => {
  ctx = await createTestApp();
  viewer = await createUser(ctx, 'viewer');
  jpeg = await sharp({
    create: {
      width: 800,
      height: 400,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

describe('POST /connected/globals/upload with a malformed form', () => {
  it('accepts the well-formed form these cases spoil', async () => {
    const res = await post(Buffer.concat([part('folder', 'users'), part('file', jpeg, 'a.jpg'), END]));
    expect(res.statusCode).toBe(200);
  });

  it('names a field sent twice instead of calling a few hundred bytes too large', async () => {
    const before = await uploadCount();
    const cases: Array<[Buffer, Record<string, string>]> = [
      [
        Buffer.concat([part('folder', 'users'), part('folder', 'events'), part('file', jpeg, 'a.jpg'), END]),
        { folder: 'The field folder is sent more than once' },
      ],
      [
        Buffer.concat([part('folder', 'users'), part('file', jpeg, 'a.jpg'), part('file', jpeg, 'b.jpg'), END]),
        { file: 'The field file is sent more than once' },
      ],
      [
        // The folder sent as a file: the schema says what is wrong with it.
        Buffer.concat([part('folder', 'users', 'folder.txt'), part('file', jpeg, 'a.jpg'), END]),
        { folder: 'The enum field is not valid; valid values are: events, users' },
      ],
      [
        Buffer.concat([...Array.from({ length: 12 }, (_, i) => part(`extra${i}`, 'x')), END]),
        { global: 'The form has too many fields or files' },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await post(payload);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { errors } });
    }
    const fr = await post(Buffer.concat([part('folder', 'users'), part('folder', 'users'), END]), 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toEqual({ errors: { folder: "Le champ folder est envoyé plus d'une fois" } });
    expect(await uploadCount()).toBe(before);
  });

  it('answers 400 for a body cut short, without a boundary or not multipart at all', async () => {
    const whole = Buffer.concat([part('folder', 'users'), part('file', jpeg, 'a.jpg'), END]);
    const malformed = { errors: { global: 'The form data is incomplete or malformed' } };
    const cases: Array<[Buffer, string?]> = [
      [whole.subarray(0, 300)],
      [whole.subarray(0, whole.length - END.length)],
      [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`)],
      [Buffer.from('this is not a multipart body')],
      [whole, 'multipart/form-data'],
    ];
    for (const [payload, contentType] of cases) {
      const res = await post(payload, 'en', contentType);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: malformed });
    }
    const fr = await post(whole.subarray(0, 300), 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toEqual({ errors: { global: 'Les données du formulaire sont incomplètes ou mal formées' } });
  });

  it('answers 400 for an image whose bytes stop halfway', async () => {
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const res = await post(Buffer.concat([part('folder', 'users'), part('file', cut, 'cut.jpg'), END]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { file: 'Only JPEG and PNG images are accepted' } });
  });

  it('refuses a NUL character in a text field of the form', async () => {
    const res = await post(Buffer.concat([part('folder', 'us\u0000ers'), part('file', jpeg, 'a.jpg'), END]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { folder: 'The field folder contains a character that is not allowed' } });
  });
});
