import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evmap-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has embedded defaults: port 3000, ./data, demo data on, secret generated once and kept', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.port).toBe(3000);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.demoData).toBe(true);
    expect(first.mailDir).toBe(path.join(dir, 'mail'));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({}).dataDir).toBe(path.resolve('data'));
  });

  it('names the variable of an invalid value', () => {
    const dir = tempDir();
    const fails = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dir, ...env });
    expect(fails({ PORT: 'abc' })).toThrow(
      new ConfigError('PORT', 'must be an integer between 0 and 65535 (got "abc")'),
    );
    expect(fails({ PORT: '70000' })).toThrow(/PORT/);
    expect(fails({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a URL starting with postgres: or postgresql:/,
    );
    expect(fails({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA must be 1 or 0/);
    expect(fails({ ADMIN_EMAIL: 'admin@example.com' })).toThrow(/ADMIN_PASSWORD is required/);
    expect(fails({ ADMIN_PASSWORD: 'longenough' })).toThrow(/ADMIN_EMAIL is required/);
    expect(fails({ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'longenough' })).toThrow(/ADMIN_EMAIL must be an email/);
    expect(fails({ ADMIN_EMAIL: 'a@b.ca', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD must be longer than 6/);
    expect(fails({ JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(fails({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(fails({ SENTRY_DSN: 'not a url' })).toThrow(/SENTRY_DSN/);
    expect(fails({ TILE_URL: 'ftp://tiles' })).toThrow(/TILE_URL/);
    expect(fails({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('requires JWT_SECRET in production and never loads demo data there', () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: JWT_SECRET is required when NODE_ENV=production',
    );
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DEMO_DATA: '1' });
    expect(config.demoData).toBe(false);
  });

  it('turns demo data off by default with an external database, and reads the admin account', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      JWT_SECRET: 'y'.repeat(32),
      ADMIN_EMAIL: ' Admin@Example.com ',
      ADMIN_PASSWORD: 'secret123',
    });
    expect(config.demoData).toBe(false);
    expect(config.admin).toEqual({ email: 'admin@example.com', password: 'secret123' });
  });
});
