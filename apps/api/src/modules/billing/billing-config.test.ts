import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evmap-billing-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

describe('billing configuration', () => {
  it('defaults to the built-in provider, a 7-day grace period and an hourly job (off in tests)', () => {
    const config = load({});
    expect(config.stripe).toBeUndefined();
    expect(config.billingGraceDays).toBe(7);
    expect(config.renewalIntervalMs).toBe(3_600_000);
    expect(load({ NODE_ENV: 'test' }).renewalIntervalMs).toBe(0);
  });

  it('switches to Stripe with STRIPE_SECRET_KEY, and reads the API address for tests', () => {
    const config = load({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_abc',
      publishableKey: 'pk_test_123',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(load({ STRIPE_SECRET_KEY: 'rk_live_x', STRIPE_API_URL: 'https://stripe.example' }).stripe?.api).toEqual({
      host: 'stripe.example',
      port: 443,
      protocol: 'https',
    });
  });

  it('names the variable of an invalid value', () => {
    const fails = (env: Record<string, string>) => () => load(env);
    expect(fails({ STRIPE_SECRET_KEY: 'pk_test_123' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY must start with sk_ or rk_',
    );
    expect(fails({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET must start with whsec_',
    );
    expect(fails({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_PUBLISHABLE_KEY: 'sk_x' })).toThrow(
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY must start with pk_',
    );
    expect(fails({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_API_URL: 'ftp://x' })).toThrow(
      'Invalid configuration: STRIPE_API_URL must be a URL starting with http: or https:',
    );
    expect(fails({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY',
    );
    expect(fails({ BILLING_GRACE_DAYS: '-1' })).toThrow(
      'Invalid configuration: BILLING_GRACE_DAYS must be an integer between 0 and 90 (got "-1")',
    );
    expect(fails({ RENEWAL_INTERVAL_MS: 'hourly' })).toThrow(
      'Invalid configuration: RENEWAL_INTERVAL_MS must be an integer between 0 and 86400000 (got "hourly")',
    );
  });
});
