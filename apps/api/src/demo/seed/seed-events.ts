/**
 * Writes N synthetic events in batches: each batch is one transaction of set-based inserts
 * (INSERT ... SELECT FROM unnest(...)) into events, event_dates, event_images and event_days.
 * The event_days rows are written by the repository's insertEventDays (refreshEventDays' insert), and
 * last_ends_at is computed while generating, so the rows are those refreshEventDays would write.
 */
import { CATEGORY_HANDLES, type CategoryHandle } from '@evmap/contract/enums';
import { count, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { createDb, type Database } from '../../db/client';
import { categories } from '../../db/schema/categories';
import * as schema from '../../db/schema/index';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../lib/passwords';
import { LocalStorage } from '../../lib/storage';
import { searchText } from '../../lib/text';
import { insertEventDays } from '../../modules/events/event-days.repository';
import { upsertCategories } from '../../modules/globals/globals.repository';
import { DEMO_PASSWORD } from '../demo-accounts';
import { storeCoverTemplates } from '../demo-images';
import { createRandom, generateBatch, type SeedArea, type SeedBatch, type SeedContext } from './seed-generator';

export const SEED_EMAIL = 'seed@demo.evmap.ca';

export type SeedOptions = {
  count: number;
  uploadsDir: string;
  now?: Date;
  batchSize?: number;
  /** Batches written at the same time, each on its own connection. */
  concurrency?: number;
  seed?: number;
  /** Keep the events inside this box (default: spread over Canada). */
  area?: SeedArea;
  /** First dates within the next `days` days, today included (default 7; 1: all on today). */
  days?: number;
  log?: (message: string) => void;
};

export type SeedResult = { creatorId: number; events: number; dates: number; eventDays: number; ms: number };

/** The seed's event-manager (complete plan), created if missing; id 1 stays free for the administrator. */
export async function ensureSeedUser(db: Database): Promise<number> {
  const find = async () => (await db.select({ id: users.id }).from(users).where(eq(users.email, SEED_EMAIL)))[0]?.id;
  const existing = await find();
  if (existing) return existing;
  const [total] = await db.select({ n: count() }).from(users);
  if (total?.n === 0) {
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST((SELECT max(id) FROM users), 1))`,
    );
  }
  const name = 'Événements synthétiques (seed)';
  const place = { address: '1000 rue Sherbrooke Ouest', city: 'Montréal', zipcode: 'H3A 3G4', state: 'QC' };
  await db
    .insert(users)
    .values({
      name,
      email: SEED_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      preferredLang: 'fr',
      type: 'event-manager',
      phoneNumber: '5145550199',
      ...place,
      country: 'CA',
      billingAddress: place.address,
      billingCity: place.city,
      billingZipcode: place.zipcode,
      billingState: place.state,
      billingCountry: 'CA',
      planType: 'complete',
      acceptTerms: true,
      searchText: searchText(name, SEED_EMAIL),
    })
    .onConflictDoNothing({ target: users.email });
  return (await find())!;
}

const INSERT_EVENTS = `
  INSERT INTO events (id, handle, title_fr, title_en, description_fr, description_en, category_id, address, city,
    zipcode, state, country, latitude, longitude, price, phone_number, recurring, creator_id, time_zone,
    last_ends_at, search_text, access)
  SELECT t.id, t.handle, t.title_fr, t.title_en, t.description_fr, t.description_en, t.category_id, t.address,
    t.city, t.zipcode, t.state, 'CA', t.latitude, t.longitude, t.price, t.phone_number, 'none', $19, t.time_zone,
    t.last_ends_at, t.search_text, t.access
  FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[],
    $9::text[], $10::text[], $11::text[], $12::float8[], $13::float8[], $14::text[], $15::text[], $16::text[],
    $17::timestamp[], $18::text[], $20::int[])
    AS t(id, handle, title_fr, title_en, description_fr, description_en, category_id, address, city, zipcode,
      state, latitude, longitude, price, phone_number, time_zone, last_ends_at, search_text, access)`;

const INSERT_DATES = `
  INSERT INTO event_dates (event_id, start_date, end_date)
  SELECT * FROM unnest($1::int[], $2::timestamp[], $3::timestamp[])`;

const INSERT_IMAGES = `
  INSERT INTO event_images (event_id, image_path, order_idx, formats)
  SELECT t.event_id, t.image_path, 0, t.formats::int[]
  FROM unnest($1::int[], $2::text[], $3::text[]) AS t(event_id, image_path, formats)`;

async function writeBatch(client: pg.PoolClient, batch: SeedBatch, creatorId: number): Promise<number> {
  const b = batch;
  await client.query(INSERT_EVENTS, [
    b.id,
    b.handle,
    b.titleFr,
    b.titleEn,
    b.descriptionFr,
    b.descriptionEn,
    b.categoryId,
    b.address,
    b.city,
    b.zipcode,
    b.state,
    b.latitude,
    b.longitude,
    b.price,
    b.phoneNumber,
    b.timeZone,
    b.lastEndsAt,
    b.searchText,
    creatorId,
    b.access,
  ]);
  await client.query(INSERT_DATES, [b.dateEventId, b.startDate, b.endDate]);
  await client.query(INSERT_IMAGES, [b.id, b.imagePath, b.imageFormats]);
  return insertEventDays(drizzle(client, { schema }), b.id);
}

/** Fills the database with `count` synthetic events; answers what was written. */
export async function seedEvents(pool: pg.Pool, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 5000;
  const concurrency = options.concurrency ?? 2;
  const db = createDb(pool);
  await upsertCategories(db);
  const [creatorId, categoryRows, covers] = await Promise.all([
    ensureSeedUser(db),
    db.select({ id: categories.id, handle: categories.handle }).from(categories),
    storeCoverTemplates(new LocalStorage(options.uploadsDir), CATEGORY_HANDLES, 1),
  ]);
  const context: SeedContext = {
    now: options.now ?? new Date(),
    area: options.area,
    days: options.days,
    creatorEmail: SEED_EMAIL,
    categoryIds: Object.fromEntries(categoryRows.map((c) => [c.handle, c.id])) as Record<CategoryHandle, number>,
    images: Object.fromEntries(
      CATEGORY_HANDLES.map((handle) => {
        const image = covers.get(`${handle}:0`)!;
        return [handle, { path: image.path, formats: image.formats }];
      }),
    ) as SeedContext['images'],
  };
  log(`seed user ${SEED_EMAIL} (id ${creatorId}); 6 shared covers stored in ${options.uploadsDir}`);

  const batches = Math.ceil(options.count / batchSize);
  let next = 0;
  let done = 0;
  let dates = 0;
  let eventDays = 0;
  const worker = async () => {
    for (let index = next++; index < batches; index = next++) {
      const size = Math.min(batchSize, options.count - index * batchSize);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL statement_timeout = 0');
        const reserved = await client.query<{ id: number }>(
          `SELECT nextval(pg_get_serial_sequence('events', 'id'))::int AS id FROM generate_series(1, $1)`,
          [size],
        );
        const random = createRandom((options.seed ?? 20_240_601) + index);
        const batch = generateBatch(
          reserved.rows.map((r) => r.id),
          random,
          context,
        );
        const written = await writeBatch(client, batch, creatorId);
        await client.query('COMMIT');
        eventDays += written;
        done += size;
        dates += batch.dateEventId.length;
      } catch (error) {
        next = batches; // the other workers stop after their current batch
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(
        `batch ${index + 1}/${batches}: ${done.toLocaleString('en-CA')} / ${options.count.toLocaleString('en-CA')} events (${seconds} s)`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches) }, worker));
  return { creatorId, events: done, dates, eventDays, ms: Math.round(performance.now() - started) };
}
