/**
 * Data every start needs: the categories, user id 1 as the configured administrator on a first
 * start with no users, and the demo data once (never in production). Runs under an advisory lock
 * so that several instances starting together do it once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Config } from './config';
import { insertMeta, readMeta } from './db/app-meta';
import { createDb, type Database, lockForTransaction, withAdvisoryLock } from './db/client';
import { loadDemoData } from './demo/load-demo-data';
import { hashPassword } from './lib/passwords';
import type { FileStorage } from './lib/storage';
import { searchText } from './lib/text';
import type { PaymentProvider } from './modules/billing/payment-provider';
import { upsertCategories } from './modules/globals/globals.repository';
import { findUserById, insertUser, syncUserIds } from './modules/users/users.repository';
import { storageFromConfig } from './plugins/storage';

const FIRST_START_LOCK = 727_002;

/** Creates user id 1 as an administrator. */
export async function createFirstAdmin(db: Database, email: string, password: string, lang: 'fr' | 'en' = 'en') {
  await insertUser(db, {
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
  await syncUserIds(db);
}

/** `storage` receives the demo covers: pass the app's (`app.storage`); default: the one the configuration names. */
export async function firstStart(
  pool: pg.Pool,
  config: Config,
  log: FastifyBaseLogger,
  storage: FileStorage = storageFromConfig(config),
  /** The app's payment provider: the demo cards are saved there (default: the built-in one). */
  payments?: PaymentProvider,
): Promise<void> {
  const db = createDb(pool);
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, FIRST_START_LOCK);
    await upsertCategories(tx);
  });
  await withAdvisoryLock(pool, FIRST_START_LOCK, async () => {
    // User id 1 is the configured administrator; `db:seed` before a first start leaves that id free.
    const first = await findUserById(db, 1);
    if (!first && config.admin) {
      await createFirstAdmin(db, config.admin.email, config.admin.password);
      log.info({ email: config.admin.email }, 'created the administrator (user id 1) from ADMIN_EMAIL');
    }
    if (config.demoData && !(await readMeta(db, 'demo_data_loaded'))) {
      const summary = await loadDemoData(db, { storage, now: new Date(), payments, log });
      await insertMeta(db, 'demo_data_loaded', new Date().toISOString());
      log.info(summary, 'demo data loaded (DEMO_DATA=0 disables it)');
    }
  });
}
