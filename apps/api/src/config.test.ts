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
    expect(fails({ TILE_ATTRIBUTION: '<img src=x onerror=alert(1)>' })).toThrow(/TILE_ATTRIBUTION/);
    // The default credit has a French version; a configured one has none (it is shown as it is).
    expect(loadConfig({ DATA_DIR: dir }).tileAttributionFr).toContain('contributeurs d’');
    expect(loadConfig({ DATA_DIR: dir, TILE_ATTRIBUTION: 'Tiles' }).tileAttributionFr).toBeUndefined();
    expect(fails({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(fails({ DRAIN_DELAY_MS: '-1' })).toThrow(/DRAIN_DELAY_MS/);
    expect(fails({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ drainDelayMs: 0, shutdownTimeoutMs: 15_000 });
    expect(fails({ REDIS_KEY_PREFIX: 'two words' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(loadConfig({ DATA_DIR: dir }).redisKeyPrefix).toBe('evmap:');
    expect(loadConfig({ DATA_DIR: dir, REDIS_KEY_PREFIX: 'city-b:' }).redisKeyPrefix).toBe('city-b:');
    // The seller's tax registration numbers: unset, or in the CRA's and Revenu Québec's forms.
    expect(loadConfig({ DATA_DIR: dir }).taxNumbers).toEqual({ gstHst: undefined, qst: undefined });
    expect(
      loadConfig({ DATA_DIR: dir, GST_HST_NUMBER: '123456789 rt 0001', QST_NUMBER: '1234567890TQ0001' }).taxNumbers,
    ).toEqual({
      gstHst: '123456789 RT0001',
      qst: '1234567890 TQ0001',
    });
    expect(fails({ GST_HST_NUMBER: '12345 RT0001' })).toThrow(/GST_HST_NUMBER must be a business number/);
    expect(fails({ QST_NUMBER: '123456789 RT0001' })).toThrow(/QST_NUMBER must be a QST registration number/);
  });

  it('reports every bad variable at once, in one message naming each', () => {
    const dir = tempDir();
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dir,
        PORT: 'abc',
        DEMO_DATA: 'maybe',
        ADMIN_EMAIL: 'nope',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        S3_BUCKET: 'evmap',
        GEOCODER: 'google',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.variable)).toEqual([
      'PORT',
      'ADMIN_EMAIL',
      'DEMO_DATA',
      'ADMIN_PASSWORD',
      'STRIPE_WEBHOOK_SECRET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'GOOGLE_MAPS_API_KEY',
    ]);
    expect((error as Error).message).toBe(
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc"); ' +
        'ADMIN_EMAIL must be an email address; DEMO_DATA must be 1 or 0 (got "maybe"); ' +
        'ADMIN_PASSWORD is required when ADMIN_EMAIL is set; STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY; ' +
        'S3_ACCESS_KEY_ID is required when S3_BUCKET is set; S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set; ' +
        'GOOGLE_MAPS_API_KEY is required when GEOCODER=google',
    );
    // Nothing is written for an environment that does not load.
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('trusts no proxy by default; TRUST_PROXY names them or counts their hops', () => {
    const dir = tempDir();
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dir, ...(value === undefined ? {} : { TRUST_PROXY: value }) });
    expect(trust().trustProxy).toBe(false);
    expect(trust('0').trustProxy).toBe(false);
    expect(trust('off').trustProxy).toBe(false);
    expect(trust('2').trustProxy).toBe(2);
    expect(trust(' 10.0.0.1, 10.0.0.0/8,::1, fd00::/8 ,Loopback').trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0.1,,10.0.0.2']) {
      expect(() => trust(bad), bad).toThrow(
        /^Invalid configuration: TRUST_PROXY must be a hop count or a comma-separated list/,
      );
    }
    expect(() => trust('21')).toThrow(/TRUST_PROXY must be an integer between 1 and 20/);
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

  describe('S3 storage', () => {
    const keys = { S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret/KEY+example' };

    it('is off without S3_BUCKET, and on AWS (virtual-hosted, us-east-1) with only a bucket and keys', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).s3).toBeUndefined();
      expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'evmap-images', ...keys }).s3).toEqual({
        bucket: 'evmap-images',
        endpoint: 'https://s3.us-east-1.amazonaws.com',
        region: 'us-east-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret/KEY+example',
        publicUrl: 'https://evmap-images.s3.us-east-1.amazonaws.com',
        forcePathStyle: false,
      });
      const canada = loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'evmap', S3_REGION: 'ca-central-1', ...keys }).s3;
      expect(canada).toMatchObject({
        endpoint: 'https://s3.ca-central-1.amazonaws.com',
        publicUrl: 'https://evmap.s3.ca-central-1.amazonaws.com',
      });
    });

    it('uses path-style with a custom endpoint unless told otherwise, and a CDN as the public URL', () => {
      const minio = loadConfig({
        DATA_DIR: tempDir(),
        S3_BUCKET: 'evmap',
        S3_ENDPOINT: 'http://minio.local:9000/',
        ...keys,
      }).s3;
      expect(minio).toMatchObject({
        endpoint: 'http://minio.local:9000',
        forcePathStyle: true,
        publicUrl: 'http://minio.local:9000/evmap',
      });
      const hosted = loadConfig({
        DATA_DIR: tempDir(),
        S3_BUCKET: 'evmap',
        S3_ENDPOINT: 'https://objects.example.ca',
        S3_FORCE_PATH_STYLE: '0',
        S3_PUBLIC_URL: 'https://cdn.example.ca/img/',
        ...keys,
      }).s3;
      expect(hosted).toMatchObject({ forcePathStyle: false, publicUrl: 'https://cdn.example.ca/img' });
    });

    it('names the variable of a missing or invalid S3 setting, never echoing the secret', () => {
      const dir = tempDir();
      const fails = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dir, ...env });
      expect(fails({ S3_BUCKET: 'evmap', S3_SECRET_ACCESS_KEY: 'x' })).toThrow(
        new ConfigError('S3_ACCESS_KEY_ID', 'is required when S3_BUCKET is set'),
      );
      expect(fails({ S3_BUCKET: 'evmap', S3_ACCESS_KEY_ID: 'x' })).toThrow(
        new ConfigError('S3_SECRET_ACCESS_KEY', 'is required when S3_BUCKET is set'),
      );
      // Each variable that needs S3_BUCKET is named.
      expect(fails({ S3_ENDPOINT: 'http://minio:9000', ...keys })).toThrow(
        new ConfigError([
          { variable: 'S3_ENDPOINT', problem: 'needs S3_BUCKET' },
          { variable: 'S3_ACCESS_KEY_ID', problem: 'needs S3_BUCKET' },
          { variable: 'S3_SECRET_ACCESS_KEY', problem: 'needs S3_BUCKET' },
        ]),
      );
      expect(fails({ S3_SECRET_ACCESS_KEY: 'very-secret' })).toThrow(
        /^Invalid configuration: S3_SECRET_ACCESS_KEY needs S3_BUCKET$/,
      );
      expect(fails({ S3_BUCKET: 'Evmap_Images', ...keys })).toThrow(/S3_BUCKET must be 3 to 63 lower-case letters/);
      expect(fails({ S3_BUCKET: 'evmap', S3_REGION: 'Canada Central', ...keys })).toThrow(/S3_REGION must be a region/);
      expect(fails({ S3_BUCKET: 'evmap', S3_ENDPOINT: 'ftp://minio', ...keys })).toThrow(
        /S3_ENDPOINT must be a URL starting with http: or https:/,
      );
      expect(fails({ S3_BUCKET: 'evmap', S3_ENDPOINT: 'https://u:p@minio', ...keys })).toThrow(
        /S3_ENDPOINT must be a plain URL/,
      );
      expect(fails({ S3_BUCKET: 'evmap', S3_PUBLIC_URL: 'cdn.example.ca', ...keys })).toThrow(/S3_PUBLIC_URL/);
      expect(fails({ S3_BUCKET: 'evmap', S3_FORCE_PATH_STYLE: 'maybe', ...keys })).toThrow(
        /S3_FORCE_PATH_STYLE must be 1 or 0/,
      );
    });
  });
});
