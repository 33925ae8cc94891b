/**
 * The admin area's part of `npm run bench` (issue 14): accounts and reports to count, an administrator who
 * signs in through the API, then the admin events list (a search sorted by title, a deep page of it, a deep
 * page of the whole list, the first screen), the moderation queue and the dashboard; their cold costs one at
 * a time; and their query plans at this size.
 */

import { randomBytes } from 'node:crypto';
import { PROVINCES } from '@evmap/contract/enums';
import { adminRoutes } from '@evmap/contract/routes/admin';
import { authRoutes } from '@evmap/contract/routes/auth';
import { urlOf } from '@evmap/contract/routes/route';
import { nowWallClock } from '@evmap/contract/wall-clock';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createPool, type DbConnection } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { eventDaysSql, newAccountsSql, organisersSql } from '../modules/admin-dashboard/admin-dashboard.repository';
import { adminPageIdsSql, adminSearchIdsSql } from '../modules/events/admin-events.repository';
import { reportedCountSql, reportedPageSql } from '../modules/events/moderation.repository';
import { measure, percentile, type Scenario } from './bench-measure';
import { explainPlans } from './bench-plans';
import type { Row, Verdict } from './bench-report';

export type AdminAccount = { email: string; password: string; users: number; reported: number };

/** A common word of the seeded titles ("Soirée karaoké", "Soirée jazz au bar", …: 4 titles of 30). */
export const SEARCH_WORD = 'soirée';
const TARGET_MS = 50;
const USERS = 20_000;

/**
 * Accounts of every type and plan created over 60 days (1% deleted, 0.5% administrators), an administrator
 * with a random password, and reports (1 to 8, over the last 14 days) on 1% of the events. Before VACUUM ANALYZE.
 */
export async function seedAdminData(pool: pg.Pool, log: (m: string) => void): Promise<AdminAccount> {
  const password = randomBytes(12).toString('base64url');
  const email = 'bench-admin@bench.evmap.ca';
  await pool.query(
    `INSERT INTO users (name, email, password_hash, type, is_admin, preferred_lang, accept_terms, search_text)
     VALUES ('Bench admin', $1, $2, 'event-manager', true, 'fr', true, 'bench admin ' || $1)`,
    [email, await hashPassword(password)],
  );
  await pool.query(
    `INSERT INTO users (name, email, password_hash, type, is_admin, plan_type, accept_terms, search_text,
       created_at, deleted_at)
     SELECT 'Compte ' || g, 'user' || g || '@bench.evmap.ca', 'not-a-hash',
       CASE WHEN g % 3 = 0 THEN 'viewer' ELSE 'event-manager' END, g % 200 = 0,
       CASE WHEN g % 3 = 0 THEN NULL
         ELSE (ARRAY['trial', 'unit', 'complete', 'free-complete', 'canceled', NULL])[1 + g % 6] END,
       true, 'compte ' || g || ' user' || g || '@bench.evmap.ca',
       now() - (g % 60) * interval '1 day' - (g % 1440) * interval '1 minute',
       CASE WHEN g % 100 = 7 THEN now() END
     FROM generate_series(1, $1::int) g`,
    [USERS],
  );
  const reported = await pool.query(`
    WITH picked AS (SELECT id FROM events WHERE id % 100 = 42),
    reports AS (
      INSERT INTO event_signals (event_id, visitor_key, created_at)
      SELECT p.id, 'session:bench-' || p.id || '-' || k,
        now() - ((p.id::bigint * 7919 + k * 104729) % 20160) * interval '1 minute'
      FROM picked p CROSS JOIN LATERAL generate_series(1, 1 + p.id % 8) k
      RETURNING event_id)
    UPDATE events e SET signaled_count = r.n
    FROM (SELECT event_id, count(*)::int AS n FROM reports GROUP BY event_id) r WHERE r.event_id = e.id`);
  log(`admin data: ${email}, ${USERS} other accounts, reports on ${reported.rowCount} events`);
  return { email, password, users: USERS, reported: reported.rowCount ?? 0 };
}

async function signIn(base: string, account: AdminAccount): Promise<string> {
  const res = await fetch(`${base}${urlOf(authRoutes.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { jwt: string }).jwt;
}

async function getJson<T>(base: string, path: string, jwt: string): Promise<{ ms: number; json: T }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${jwt}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${text}`);
  return { ms: performance.now() - started, json: JSON.parse(text) as T };
}

type Page = { pagination: { totalCount: number; totalPages: number } };

export type AdminBench = { rows: Row[]; verdicts: Verdict[]; notes: string[]; plans: string[] };

/** Everything of the admin part, against the running app at `base` (the database stays open). */
export async function runAdminBench(
  base: string,
  connection: DbConnection,
  account: AdminAccount,
  options: { connections: number; durationS: number; log: (m: string) => void },
): Promise<AdminBench> {
  const jwt = await signIn(base, account);
  const headers = { authorization: `Bearer ${jwt}` };
  const list = urlOf(adminRoutes.events, {}, { limit: 100, sortField: 'titleFr', sortDirection: 'asc' });
  const search = `${list}&search=${encodeURIComponent(SEARCH_WORD)}`;
  const searched = (await getJson<Page>(base, search, jwt)).json.pagination;
  const whole = (await getJson<Page>(base, list, jwt)).json.pagination;
  const deepSearch = Math.max(1, Math.ceil(searched.totalPages * 0.75));
  const deepList = Math.max(1, Math.ceil(whole.totalPages / 2));
  const scenarios: Array<Scenario & { target?: boolean }> = [
    { name: `admin events: search "${SEARCH_WORD}", by title, 100 a page`, path: search, target: true },
    {
      name: `admin events: same search, page ${deepSearch}/${searched.totalPages}`,
      path: `${search}&page=${deepSearch}`,
      target: true,
    },
    {
      name: `admin events: all, by title, page ${deepList}/${whole.totalPages}`,
      path: `${list}&page=${deepList}`,
      target: true,
    },
    { name: 'admin events: first screen (id desc, 100)', path: urlOf(adminRoutes.events, {}, { limit: 100 }) },
    { name: 'admin moderation queue (20 a page)', path: urlOf(adminRoutes.moderation) },
    { name: 'admin dashboard', path: urlOf(adminRoutes.dashboard) },
  ].map((s) => ({ ...s, method: 'GET' as const, headers }));

  // One administrator's browser sends one list request at a time; then the run's connections, for throughput.
  const rows: Row[] = [];
  const verdicts: Verdict[] = [];
  for (const connections of [...new Set([1, options.connections])]) {
    for (const scenario of scenarios) {
      const row = await measure(
        base,
        { ...scenario, name: `${scenario.name}, ${connections} conn.` },
        {
          ...options,
          connections,
        },
      );
      rows.push(row);
      if (scenario.target && connections === 1) {
        verdicts.push({
          target: `${scenario.name}: p99 < ${TARGET_MS} ms, one administrator (issue 14)`,
          measured: `${row.p99} ms (p50 ${row.p50} ms, ${Math.round(row.rps)} req/s, ${row.errors} errors)`,
          ok: row.p99 < TARGET_MS && row.errors === 0,
        });
      }
    }
  }

  const cold = await coldTimings(base, connection, jwt, search);
  const notes = [
    `Admin scenarios: an administrator created with the data signs in through POST /public/auth/login; ${account.users.toLocaleString('en-CA')} other accounts (every type and plan, created over 60 days, 1% deleted, 0.5% administrators) and reports on ${account.reported.toLocaleString('en-CA')} events (1% of them, 1 to 8 each). The search "${SEARCH_WORD}" matches ${searched.totalCount.toLocaleString('en-CA')} events; the list has ${whole.totalCount.toLocaleString('en-CA')}.`,
    `Admin scenarios run with 1 connection (one administrator: the target of issue 14) and with ${options.connections} (throughput). A search reads its matches once per search and sort (their count needs them all anyway) and serves every page from those ids while the events version holds, and the whole list's count is kept the same way; the page's rows are read for each request. The same search cold (the events version raised before each request, ${cold.count} requests one at a time): p50 ${cold.search.p50.toFixed(1)} ms, p99 ${cold.search.p99.toFixed(1)} ms. The dashboard keeps its day counts the same way; cold: p50 ${cold.dashboard.p50.toFixed(1)} ms, p99 ${cold.dashboard.p99.toFixed(1)} ms.`,
  ];
  return { rows, verdicts, notes, plans: await explainAdminPlans(connection, deepList) };
}

/** Requests one at a time, each after a raised events version (what any event write does): no cached ids. */
async function coldTimings(base: string, connection: DbConnection, jwt: string, search: string) {
  const pool = createPool(connection, 1);
  const count = 30;
  const times = { search: [] as number[], dashboard: [] as number[] };
  try {
    for (let i = 0; i < count; i++) {
      for (const [key, path] of [
        ['search', search],
        ['dashboard', urlOf(adminRoutes.dashboard)],
      ] as const) {
        await pool.query(
          `UPDATE app_meta SET value = (value::bigint + 1)::text, updated_at = now() WHERE key = 'events_version'`,
        );
        times[key].push((await getJson(base, path, jwt)).ms);
      }
    }
  } finally {
    await pool.end();
  }
  const summary = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
  return { count, search: summary(times.search), dashboard: summary(times.dashboard) };
}

function explainAdminPlans(connection: DbConnection, deepList: number): Promise<string[]> {
  const byTitle = { sortField: 'titleFr', sortDirection: 'asc' } as const;
  const zoneDays = [...new Set(Object.values(PROVINCES))].map((zone) => ({
    zone,
    day: nowWallClock(zone).slice(0, 10),
  }));
  return explainPlans(connection, [
    [
      `Admin search "${SEARCH_WORD}" by title: every match in order`,
      adminSearchIdsSql({ ...byTitle, search: 'soiree' }),
    ],
    [`Admin list by title, page ${deepList}`, adminPageIdsSql({ ...byTitle, search: '', page: deepList, limit: 100 })],
    ['Admin list count', sql`SELECT count(*)::int AS total FROM events`],
    ['Moderation queue, page 1', reportedPageSql({ limit: 20, offset: 0 })],
    ['Moderation queue count', reportedCountSql],
    ['Dashboard: events today and this week (today’s dates of every zone)', eventDaysSql(zoneDays)],
    ['Dashboard: organisers by plan', organisersSql],
    ['Dashboard: new accounts of the week', newAccountsSql(new Date(Date.now() - 7 * 86_400_000))],
  ]);
}
