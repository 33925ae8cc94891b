/**
 * The renewal job runs in every instance (RENEWAL_INTERVAL_MS): started on two instances at the same moment over
 * the same due subscriptions, it charges each of them once (issue: production and scale-out).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Cluster, type Instance, until } from './support/cluster';

const DUE = 80;
const INTERVAL_MS = 500;

let cluster: Cluster;

beforeAll(async () => {
  cluster = await Cluster.create();
  // A first start applies the migrations; the job is off (RENEWAL_INTERVAL_MS=0).
  await (await cluster.startInstance('a')).stop();
});

afterAll(async () => {
  await cluster?.close();
});

/** Complete-plan organisers with a saved card of the built-in provider, whose period ended an hour ago. */
async function arrangeDueSubscriptions(count: number): Promise<void> {
  await cluster.pool.query(
    `WITH created AS (
       INSERT INTO users (name, email, password_hash, type, plan_type, state, country, accept_terms,
                          provider_customer_id)
       SELECT 'Renewed ' || i, 'renewed-' || i || '@example.ca', 'not-a-hash', 'event-manager', 'complete', 'QC',
              'CA', true, 'lcus_renewed_' || i
       FROM generate_series(1, $1::int) AS i
       RETURNING id),
     cards AS (
       INSERT INTO payment_methods (user_id, provider, provider_ref, brand, last4, exp_month, exp_year)
       SELECT id, 'local', 'lpm_renewed_' || id, 'visa', '4242', 12, 2099 FROM created)
     INSERT INTO subscriptions (user_id, plan_type, status, provider, current_period_start, current_period_end,
                                created_at)
     SELECT id, 'complete', 'active', 'local', now() - interval '1 month 1 hour', now() - interval '1 hour',
            now() - interval '1 month 1 hour'
     FROM created`,
    [count],
  );
}

/** Invoice numbers taken so far: each charge takes one just before it asks the provider. */
async function invoiceNumbersTaken(): Promise<number> {
  const { rows } = await cluster.pool.query<{ last_value: string; is_called: boolean }>(
    'SELECT last_value, is_called FROM invoice_number_seq',
  );
  return Number(rows[0]!.last_value) - (rows[0]!.is_called ? 0 : 1);
}

/** How many renewals an instance reported in its JSON log lines ("billing job"). */
function renewedBy(instance: Instance): number {
  return instance
    .output()
    .split('\n')
    .filter((line) => line.includes('"billing job"'))
    .reduce((sum, line) => sum + (JSON.parse(line) as { billing: { renewed: number } }).billing.renewed, 0);
}

it('charges each due subscription once when two instances run the job at the same moment', async () => {
  await arrangeDueSubscriptions(DUE);
  const numbersBefore = await invoiceNumbersTaken();
  const env = { RENEWAL_INTERVAL_MS: String(INTERVAL_MS), LOG_LEVEL: 'info' };
  const [a, b] = await Promise.all([cluster.startInstance('a', env), cluster.startInstance('b', env)]);

  const renewedCount = async () =>
    Number(
      (
        await cluster.pool.query<{ n: string }>(
          "SELECT count(*) AS n FROM subscriptions WHERE status = 'active' AND current_period_end > now()",
        )
      ).rows[0]!.n,
    );
  await until(
    async () => (await renewedCount()) === DUE,
    `${DUE} renewals`,
    30_000,
    () => cluster.output(),
  );
  // Both instances keep running the job: a few more rounds change nothing.
  await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL_MS));

  const { rows } = await cluster.pool.query<{ user_id: number; n: string; keys: string[] }>(
    `SELECT s.user_id, count(i.id) AS n, array_agg(i.idempotency_key) AS keys
     FROM subscriptions s LEFT JOIN invoices i ON i.subscription_id = s.id
     GROUP BY s.user_id`,
  );
  expect(rows).toHaveLength(DUE);
  expect(rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
  for (const row of rows) expect(row.keys[0]).toMatch(/^renewal:\d+:/);
  // One invoice number per charge, and no more taken: no subscription was charged a second time.
  expect((await invoiceNumbersTaken()) - numbersBefore).toBe(DUE);
  // Both took part: their runs overlapped, and SKIP LOCKED shared the work out.
  expect(renewedBy(a) + renewedBy(b)).toBe(DUE);
  expect(renewedBy(a)).toBeGreaterThan(0);
  expect(renewedBy(b)).toBeGreaterThan(0);
});
