import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './app';
import { loadConfig } from './config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evmap-csp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const directives = (env: Record<string, string>) =>
  contentSecurityPolicy(loadConfig({ DATA_DIR: dir, ...env })).directives;

describe('the Content-Security-Policy', () => {
  it('allows no third-party script, frame or connection with the built-in payment provider', () => {
    const csp = directives({});
    // Besides 'self', only the hashes of index.html's own inline scripts.
    expect(csp.scriptSrc.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
    expect(csp.frameSrc).toEqual(["'self'"]);
    expect(csp.connectSrc).toEqual(["'self'"]);
  });

  it("lets the card form load Stripe.js, frame its card field and call Stripe's API when Stripe is on", () => {
    const csp = directives({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(csp.scriptSrc.filter((source) => !source.startsWith("'sha256-"))).toEqual([
      "'self'",
      'https://js.stripe.com',
    ]);
    expect(csp.frameSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.connectSrc).toEqual(["'self'", 'https://api.stripe.com']);
  });
});
