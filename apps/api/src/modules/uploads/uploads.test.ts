import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { uploads } from '../../db/schema/uploads';
import type { UserRow } from '../../plugins/auth';

const URL = '/api/v1/connected/globals/upload';
let ctx: TestContext;
let viewer: UserRow;
let manager: UserRow;
let admin: UserRow;
let jpeg: Buffer;
let png: Buffer;

const image = (width: number, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height: Math.round(width / 2), channels: 3, background: '#3a7bd5' } })
    [format]()
    .toBuffer();

/** A multipart form as a browser sends it. */
function form(fields: { folder?: string; file?: { data: Buffer; name: string; type: string } }) {
  const body = new FormData();
  if (fields.folder !== undefined) body.append('folder', fields.folder);
  if (fields.file) body.append('file', new Blob([fields.file.data], { type: fields.file.type }), fields.file.name);
  return body;
}

const upload = (user: UserRow | undefined, fields: Parameters<typeof form>[0], lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: user ? authHeaders(ctx.app, user, lang) : { 'accept-language': lang },
    payload: form(fields),
  });

const jpegFile = () => ({ data: jpeg, name: 'photo.jpg', type: 'image/jpeg' });
const uploadCount = async () => (await ctx.db.select().from(uploads)).length;

beforeAll(async () => {
  ctx = await createTestApp({ env: { UPLOAD_MAX_MB: '1' } });
  [viewer, manager, admin] = await Promise.all([
    createUser(ctx, 'viewer'),
    createUser(ctx, 'event-manager'),
    createUser(ctx, 'admin'),
  ]);
  [jpeg, png] = await Promise.all([image(600, 'jpeg'), image(2000, 'png')]);
});
afterAll(() => ctx.close());

describe('POST /connected/globals/upload', () => {
  it('requires a signed-in user', async () => {
    const res = await upload(undefined, { folder: 'users', file: jpegFile() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { global: 'You must be signed in' } });
  });

  it('stores a jpeg at every width up to its own and answers url and path', async () => {
    const res = await upload(viewer, { folder: 'users', file: jpegFile() });
    expect(res.statusCode).toBe(200);
    const { url, path: imagePath } = res.json();
    expect(imagePath).toMatch(/^users\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(url).toBe(`/uploads/${imagePath}/512.jpg`);
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.path, imagePath));
    expect(row).toMatchObject({ userId: viewer.id, folder: 'users', formats: [100, 124, 512] });
    for (const width of [100, 124, 512]) {
      expect(existsSync(path.join(ctx.config.uploadsDir, imagePath, `${width}.jpg`))).toBe(true);
      const served = await ctx.app.inject(`/uploads/${imagePath}/${width}.jpg`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
    }
    expect(existsSync(path.join(ctx.config.uploadsDir, imagePath, '1440.jpg'))).toBe(false);
  });

  it('stores a png as jpg at the four widths of the app', async () => {
    const res = await upload(manager, { folder: 'events', file: { data: png, name: 'poster.png', type: 'image/png' } });
    expect(res.statusCode).toBe(200);
    const { url, path: imagePath } = res.json();
    expect(imagePath).toMatch(/^events\//);
    expect(url).toBe(`/uploads/${imagePath}/1440.jpg`);
    const served = await ctx.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1440 });
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.path, imagePath));
    expect(row).toMatchObject({ userId: manager.id, folder: 'events', formats: [100, 124, 512, 1440] });
  });

  it('keeps event pictures to event-managers and administrators', async () => {
    const before = await uploadCount();
    const res = await upload(viewer, { folder: 'events', file: jpegFile() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { global: 'You are not allowed to do this' } });
    expect(await uploadCount()).toBe(before);
    expect((await upload(admin, { folder: 'events', file: jpegFile() })).statusCode).toBe(200);
    expect((await upload(manager, { folder: 'users', file: jpegFile() })).statusCode).toBe(200);
    expect((await upload(admin, { folder: 'users', file: jpegFile() })).statusCode).toBe(200);
  });

  it('refuses a GIF and a text file named .jpg, judging by the bytes', async () => {
    const before = await uploadCount();
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const res = await upload(viewer, { folder: 'users', file: { data: gif, name: 'anim.gif', type: 'image/gif' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { file: 'Only JPEG and PNG images are accepted' } });

    const text = Buffer.from('this is not an image at all\n');
    const fake = await upload(viewer, { folder: 'users', file: { data: text, name: 'photo.jpg', type: 'image/jpeg' } });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ errors: { file: 'Only JPEG and PNG images are accepted' } });

    const fr = await upload(viewer, { folder: 'users', file: { data: gif, name: 'a.gif', type: 'image/gif' } }, 'fr');
    expect(fr.json()).toEqual({ errors: { file: 'Seules les images JPEG et PNG sont acceptées' } });
    expect(await uploadCount()).toBe(before);
  });

  it('refuses a truncated jpeg', async () => {
    const broken = jpeg.subarray(0, 40);
    const res = await upload(viewer, { folder: 'users', file: { data: broken, name: 'cut.jpg', type: 'image/jpeg' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { file: 'Only JPEG and PNG images are accepted' } });
  });

  it('answers 413 with the configured maximum when the file is too large', async () => {
    const before = await uploadCount();
    const big = Buffer.concat([jpeg, Buffer.alloc(1024 * 1024 + 1, 7)]);
    const file = { data: big, name: 'huge.jpg', type: 'image/jpeg' };
    const res = await upload(viewer, { folder: 'users', file });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: { global: 'The file is too large (maximum 1 MB)' } });
    const fr = await upload(viewer, { folder: 'users', file }, 'fr');
    expect(fr.statusCode).toBe(413);
    expect(fr.json()).toEqual({ errors: { global: 'Le fichier est trop volumineux (maximum 1 Mo)' } });
    expect(await uploadCount()).toBe(before);
  });

  it('accepts one file per request', async () => {
    const body = form({ folder: 'users', file: jpegFile() });
    body.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'second.jpg');
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: authHeaders(ctx.app, viewer),
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { file: 'The field file is sent more than once' } });
  });

  it('reports a missing file and a wrong folder on their fields', async () => {
    const missing = await upload(viewer, { folder: 'users' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { file: 'The field file is required' } });

    const noFolder = await upload(viewer, { file: jpegFile() });
    expect(noFolder.json()).toEqual({ errors: { folder: 'The field folder is required' } });

    const folder = await upload(viewer, { folder: 'avatars', file: jpegFile() });
    expect(folder.statusCode).toBe(400);
    expect(folder.json()).toEqual({
      errors: { folder: 'The enum field is not valid; valid values are: events, users' },
    });

    const both = await upload(viewer, { folder: 'avatars' }, 'fr');
    expect(both.json()).toEqual({
      errors: {
        folder: "La valeur n'est pas valide; les valeurs possibles sont : events, users",
        file: 'Le champ file est obligatoire',
      },
    });
  });

  it('refuses a file sent as a text field', async () => {
    const body = new FormData();
    body.append('folder', 'users');
    body.append('file', 'not a file');
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: authHeaders(ctx.app, viewer),
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { file: 'Only JPEG and PNG images are accepted' } });
  });

  it('limits uploads per user', async () => {
    const user = await createUser(ctx, 'viewer');
    for (let i = 0; i < 60; i++) {
      await ctx.app.rateLimiter.store.hit(`upload:${user.id}`, 60 * 60_000);
    }
    const res = await upload(user, { folder: 'users', file: jpegFile() });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errors: { global: 'Too many attempts. Please try again in 60 minutes.' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await upload(viewer, { folder: 'users', file: jpegFile() })).statusCode).toBe(200);
  });
});

describe('PUT /connected/me with an uploaded avatar', () => {
  it('sets the avatar from the caller’s own upload in the users folder', async () => {
    const user = await createUser(ctx, 'viewer');
    const { path: imagePath } = (await upload(user, { folder: 'users', file: jpegFile() })).json();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/connected/me',
      headers: authHeaders(ctx.app, user),
      payload: { imagePath },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ imagePath, imageUrl: `/uploads/${imagePath}/512.jpg` });
    expect((await ctx.app.inject(res.json().user.imageUrl)).statusCode).toBe(200);
  });

  it('refuses someone else’s upload and event pictures', async () => {
    const user = await createUser(ctx, 'event-manager');
    const theirs = (await upload(viewer, { folder: 'users', file: jpegFile() })).json().path;
    const event = (await upload(user, { folder: 'events', file: jpegFile() })).json().path;
    for (const imagePath of [theirs, event]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/connected/me',
        headers: authHeaders(ctx.app, user),
        payload: { imagePath },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['imagePath']);
    }
  });
});
