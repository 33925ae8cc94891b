/** Uploads with S3_BUCKET set: images go to (a fake) S3, the API hands out S3_PUBLIC_URL addresses. */
import { existsSync } from 'node:fs';
import { errorMessage } from '@evmap/contract/errors';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema/uploads';
import { copyStoredImage, storeCoverTemplates } from '../src/demo/demo-images';
import { imageKey } from '../src/lib/images';
import { S3Storage } from '../src/lib/s3-storage';
import type { UserRow } from '../src/plugins/auth';
import { authHeaders, createUser } from './accounts';
import { createTestApp, type TestContext } from './app';
import { eventBody } from './events';
import { type FakeS3, startFakeS3 } from './fake-s3/server';

const PUBLIC_URL = 'https://images.cdn.example/evmap';
let fake: FakeS3;
let ctx: TestContext;
let manager: UserRow;
let bigPng: Buffer;

beforeAll(async () => {
  fake = await startFakeS3({ buckets: ['evmap'], region: 'ca-central-1', credentials: { AKIDAPPTEST: 'app-secret' } });
  ctx = await createTestApp({
    env: {
      S3_BUCKET: 'evmap',
      S3_ENDPOINT: fake.url,
      S3_REGION: 'ca-central-1',
      S3_ACCESS_KEY_ID: 'AKIDAPPTEST',
      S3_SECRET_ACCESS_KEY: 'app-secret',
      S3_PUBLIC_URL: PUBLIC_URL,
    },
  });
  manager = await createUser(ctx, 'event-manager');
  bigPng = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
});
afterEach(() => fake.heal());
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const upload = (data: Buffer, folder = 'events') => {
  const form = new FormData();
  form.append('folder', folder);
  form.append('file', new Blob([data], { type: 'image/png' }), 'poster.png');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/connected/globals/upload',
    headers: authHeaders(ctx.app, manager),
    payload: form,
  });
};
const uploadCount = async () => (await ctx.db.select().from(uploads)).length;

describe('uploads with S3 storage', () => {
  it('stores every width in the bucket and answers the public URL', async () => {
    const res = await upload(bigPng);
    expect(res.statusCode).toBe(200);
    const { url, path } = res.json();
    expect(path).toMatch(/^events\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(url).toBe(`${PUBLIC_URL}/${path}/1440.jpg`);
    for (const width of [100, 124, 512, 1440]) {
      const object = fake.objects.get(`evmap/${imageKey(path, width)}`);
      expect(object, `width ${width}`).toMatchObject({
        contentType: 'image/jpeg',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      expect((await sharp(object?.body).metadata()).width).toBe(width);
    }
    // Nothing on the local disk, and the app does not serve /uploads.
    expect(existsSync(`${ctx.config.uploadsDir}/${path}`)).toBe(false);
    expect((await ctx.app.inject(`/uploads/${path}/100.jpg`)).statusCode).toBe(404);
  });

  it('shows an event created with that image on the S3 public URL', async () => {
    const { path } = (await upload(bigPng)).json();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/events',
      headers: authHeaders(ctx.app, manager),
      payload: eventBody({ images: [{ imagePath: path, orderIdx: 0 }] }),
    });
    expect(created.statusCode).toBe(200);
    const { event } = created.json();
    expect(event.images[0]).toMatchObject({ imagePath: path, imageUrl: `${PUBLIC_URL}/${path}/1440.jpg` });
    const shown = await ctx.app.inject(`/api/v1/public/events/handle-or-uuid/${event.uuid}`);
    expect(shown.json().event.images[0].imageUrl).toBe(`${PUBLIC_URL}/${path}/1440.jpg`);
  });

  it('retries a 500 from S3 once and stores the image', async () => {
    fake.failNext(1);
    const before = await uploadCount();
    const res = await upload(bigPng);
    expect(res.statusCode).toBe(200);
    expect(await uploadCount()).toBe(before + 1);
  });

  it('answers 500 in the usual error body and records nothing when S3 keeps failing', async () => {
    const before = await uploadCount();
    fake.failAlways();
    const res = await upload(bigPng);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: { global: errorMessage('internal', 'en') } });
    expect(await uploadCount()).toBe(before);
  });

  it('lets browsers load images from the S3 public origin (Content-Security-Policy)', async () => {
    const res = await ctx.app.inject('/api/v1/public/globals');
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc?.trim().split(/\s+/)).toContain('https://images.cdn.example');
  });

  it('copies demo covers inside the bucket (reads through the storage, not the disk)', async () => {
    const storage = ctx.app.storage;
    expect(storage).toBeInstanceOf(S3Storage);
    const templates = await storeCoverTemplates(storage, ['business'], 1);
    const template = templates.get('business:0');
    expect(template?.url).toMatch(new RegExp(`^${PUBLIC_URL}/events/`));
    const copy = await copyStoredImage(storage, template!, new Date());
    expect(copy.path).not.toBe(template?.path);
    for (const width of copy.formats) {
      const original = fake.objects.get(`evmap/${imageKey(template!.path, width)}`);
      expect(fake.objects.get(`evmap/${imageKey(copy.path, width)}`)?.body.equals(original!.body)).toBe(true);
    }
  });
});
