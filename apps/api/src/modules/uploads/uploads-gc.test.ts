/**
 * Unused uploads are deleted (files and rows) by the collection job after the grace period, an event's images when
 * the event is deleted, and two runs at once do the work once: with local storage and with (a fake) S3.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/app';
import { eventBody } from '../../../test/events';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3/server';
import { uploads } from '../../db/schema/uploads';
import { imageKey } from '../../lib/images';
import type { UserRow } from '../../plugins/auth';
import { UPLOAD_GRACE_MS } from './uploads-gc';

const HOUR = 3_600_000;
const later = (ms: number) => new Date(Date.now() + ms);

describe.each(['local', 's3'] as const)('the unused uploads, with %s storage', (backend) => {
  let ctx: TestContext;
  let fake: FakeS3 | undefined;
  let manager: UserRow;
  let viewer: UserRow;
  let png: Buffer;

  beforeAll(async () => {
    fake =
      backend === 's3'
        ? await startFakeS3({ buckets: ['evmap'], region: 'ca-central-1', credentials: { AKIDGC: 'gc-secret' } })
        : undefined;
    ctx = await createTestApp({
      env: fake
        ? {
            S3_BUCKET: 'evmap',
            S3_ENDPOINT: fake.url,
            S3_REGION: 'ca-central-1',
            S3_ACCESS_KEY_ID: 'AKIDGC',
            S3_SECRET_ACCESS_KEY: 'gc-secret',
            S3_PUBLIC_URL: 'https://images.example/evmap',
          }
        : {},
    });
    [manager, viewer] = await Promise.all([createUser(ctx, 'event-manager'), createUser(ctx, 'viewer')]);
    png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await ctx.close();
    await fake?.close();
  });

  const upload = async (user: UserRow, folder: 'events' | 'users' = 'events') => {
    const body = new FormData();
    body.append('folder', folder);
    body.append('file', new Blob([png], { type: 'image/png' }), 'poster.png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/connected/globals/upload',
      headers: authHeaders(ctx.app, user),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { path: string; formats?: number[] };
  };
  /** The widths of `imagePath` present in the storage. */
  const storedWidths = (imagePath: string) =>
    [100, 124, 512, 1440].filter((width) =>
      fake
        ? fake.objects.has(`evmap/${imageKey(imagePath, width)}`)
        : existsSync(path.join(ctx.config.uploadsDir, imageKey(imagePath, width))),
    );
  const rowsOf = async (...paths: string[]) =>
    (await ctx.db.select().from(uploads).where(inArray(uploads.path, paths))).map((r) => r.path).sort();
  const call = (user: UserRow, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: authHeaders(ctx.app, user), payload: payload as never });
  const createEvent = async (imagePath: string) => {
    const res = await call(manager, 'POST', '/connected/events', eventBody({ images: [{ imagePath, orderIdx: 0 }] }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().event as { id: number };
  };

  it('keeps an unused upload during the grace period, then deletes its files and its row', async () => {
    const { path: kept } = await upload(manager);
    expect(storedWidths(kept)).toEqual([100, 124, 512]);
    await ctx.app.collectUploads(later(UPLOAD_GRACE_MS - HOUR));
    expect(await rowsOf(kept)).toEqual([kept]);
    expect(storedWidths(kept)).toHaveLength(3);

    await ctx.app.collectUploads(later(UPLOAD_GRACE_MS + HOUR));
    expect(await rowsOf(kept)).toEqual([]);
    expect(storedWidths(kept)).toEqual([]);
    if (!fake) expect((await ctx.app.inject(`/uploads/${imageKey(kept, 512)}`)).statusCode).toBe(404);
    // A deleted upload cannot be attached any more.
    const res = await call(
      manager,
      'POST',
      '/connected/events',
      eventBody({ images: [{ imagePath: kept, orderIdx: 0 }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { 'images.0.imagePath': 'The field imagePath is not valid' } });
  });

  it("keeps an event's image and an avatar in use; collects the image and the avatar they replaced", async () => {
    const [first, second, oldAvatar, newAvatar] = [
      await upload(manager),
      await upload(manager),
      await upload(viewer, 'users'),
      await upload(viewer, 'users'),
    ].map((u) => u.path) as [string, string, string, string];
    const event = await createEvent(first);
    expect((await call(viewer, 'PUT', '/connected/me', { imagePath: oldAvatar })).statusCode).toBe(200);
    await ctx.app.collectUploads(later(UPLOAD_GRACE_MS + HOUR));
    // The unused second upload and new avatar went with the first run: the test re-uploads what it attaches next.
    expect(await rowsOf(first, oldAvatar)).toEqual([first, oldAvatar].sort());

    const replacement = (await upload(manager)).path;
    const avatar = (await upload(viewer, 'users')).path;
    const edited = await call(
      manager,
      'PUT',
      `/connected/events/${event.id}`,
      eventBody({ images: [{ imagePath: replacement, orderIdx: 0 }] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(viewer, 'PUT', '/connected/me', { imagePath: avatar })).statusCode).toBe(200);
    await ctx.app.collectUploads(later(UPLOAD_GRACE_MS + HOUR));
    expect(await rowsOf(first, second, oldAvatar, newAvatar, replacement, avatar)).toEqual(
      [replacement, avatar].sort(),
    );
    expect(storedWidths(first)).toEqual([]);
    expect(storedWidths(oldAvatar)).toEqual([]);
    expect(storedWidths(replacement)).toHaveLength(3);
    expect(storedWidths(avatar)).toHaveLength(3);
  });

  it("deletes an event's images with the event, at once", async () => {
    const { path: cover } = await upload(manager);
    const event = await createEvent(cover);
    expect((await call(manager, 'DELETE', `/connected/events/id/${event.id}`)).statusCode).toBe(204);
    expect(await rowsOf(cover)).toEqual([]);
    expect(storedWidths(cover)).toEqual([]);

    const admin = await createUser(ctx, 'admin');
    const { path: other } = await upload(manager);
    const second = await createEvent(other);
    expect((await call(admin, 'DELETE', `/connected/admin/events/id/${second.id}`)).statusCode).toBe(204);
    expect(await rowsOf(other)).toEqual([]);
    expect(storedWidths(other)).toEqual([]);
  });

  it('shares the work between runs started at once: each upload is deleted once', async () => {
    const paths = [];
    for (let i = 0; i < 6; i++) paths.push((await upload(manager)).path);
    const before = fake?.requests.length ?? 0;
    const at = later(UPLOAD_GRACE_MS + HOUR);
    const reports = await Promise.all([ctx.app.collectUploads(at), ctx.app.collectUploads(at)]);
    expect(reports.reduce((sum, r) => sum + r.purged, 0)).toBe(6);
    expect(await rowsOf(...paths)).toEqual([]);
    if (fake) {
      const deletes = fake.requests.slice(before).filter((r) => r.method === 'DELETE');
      expect(deletes).toHaveLength(6 * 3);
      expect(new Set(deletes.map((r) => r.key)).size).toBe(6 * 3);
    }
  });

  it.runIf(backend === 's3')('keeps a discarded upload for the next run when the storage fails', async () => {
    const { path: stuck } = await upload(manager);
    fake!.failAlways();
    const failed = await ctx.app.collectUploads(later(UPLOAD_GRACE_MS + HOUR));
    fake!.heal();
    expect(failed.purged).toBe(0);
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.path, stuck));
    expect(row?.discardedAt).not.toBeNull();
    expect((await ctx.app.collectUploads(later(UPLOAD_GRACE_MS + HOUR))).purged).toBe(1);
    expect(storedWidths(stuck)).toEqual([]);
  });
});
