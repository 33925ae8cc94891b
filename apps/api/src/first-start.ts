/**
 * Data every start needs: the categories, user id 1 as the configured administrator on a first
 * start with no users, and the demo data once (never in production). Runs under an advisory lock
 * so that several instances starting together do it once.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { appMeta } from './db/schema/app-meta';
import { users } from './db/schema/users';
import { loadDemoData } from './demo/load-demo-data';
import { hashPassword } from './lib/passwords';
import type { FileStorage } from './lib/storage';
import { searchText } from './lib/text';
import { upsertCategories } from './modules/globals/globals.repository';
import { storageFromConfig } from './plugins/storage';

const FIRST_START_LOCK = 727_002;

/** Creates user id 1 as an administrator. */
export async function createFirstAdmin(db: Database, email: string, password: string, lang: 'fr' | 'en' = 'en') {
  await db.insert(users).values({
    id: 1,
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
    preferredLang: lang,
    type: 'event-manager',
    isAdmin: true,
    acceptTerms: true,
    country: 'CA',
    searchText: searchText('Administrator', email),
  });
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST((SELECT max(id) FROM users), 1))`);
}

/** `storage` receives the demo covers: pass the app's (`app.storage`); default: the one the configuration names. */
export async function firstStart(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  storage: FileStorage = storageFromConfig(config),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_START_LOCK})`);
    await upsertCategories(tx);
  });
  await db.execute(sql`SELECT pg_advisory_lock(${FIRST_START_LOCK})`);
  try {
    // User id 1 is the configured administrator; `db:seed` before a first start leaves that id free.
    const [first] = await db.select({ id: users.id }).from(users).where(eq(users.id, 1));
    if (!first && config.admin) {
      await createFirstAdmin(db, config.admin.email, config.admin.password);
      log.info({ email: config.admin.email }, 'created the administrator (user id 1) from ADMIN_EMAIL');
    }
    if (config.demoData) {
      const [loaded] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_data_loaded'));
      if (!loaded) {
        const summary = await loadDemoData(db, { storage, now: new Date() });
        await db.insert(appMeta).values({ key: 'demo_data_loaded', value: new Date().toISOString() });
        log.info(summary, 'demo data loaded (DEMO_DATA=0 disables it)');
      }
    }
  } finally {
    await db.execute(sql`SELECT pg_advisory_unlock(${FIRST_START_LOCK})`);
  }
}
