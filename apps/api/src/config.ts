/**
 * Environment -> typed configuration, with the embedded defaults of ARCHITECTURE.md.
 * An invalid value stops the start with one message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { TRIAL_MONTHS } from '@evmap/contract/constants';
import { WEB_DIST_DIR } from './lib/paths';

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /**
   * Which peers may set X-Forwarded-For (Fastify's trustProxy): none by default, so a client cannot choose the
   * address its rate limits are counted under; a hop count, or the addresses and CIDR ranges of the proxies.
   */
  trustProxy: TrustProxy;
  /** Public address of the web app, used in mailed links. */
  appUrl: string;
  dataDir: string;
  /** Unset: the embedded PostgreSQL server in `dataDir/pg`. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtExpiresIn: string;
  admin: { email: string; password: string } | undefined;
  demoData: boolean;
  mailDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  sentryDsn: string | undefined;
  tileUrl: string;
  /** HTML credit of the tiles, shown on the map. */
  tileAttribution: string;
  /** The default credit in French; none for a configured TILE_ATTRIBUTION, shown as it is in both languages. */
  tileAttributionFr: string | undefined;
  redisUrl: string | undefined;
  /** Prepended to every key this app writes in Redis (REDIS_KEY_PREFIX, default `evmap:`). */
  redisKeyPrefix: string;
  /**
   * On SIGTERM: how long the instance keeps serving while its health check says "not ready", so that a balancer
   * stops sending it traffic before it stops accepting (DRAIN_DELAY_MS, default 0).
   */
  drainDelayMs: number;
  /** On SIGTERM: the most the drain may take before open connections are cut (SHUTDOWN_TIMEOUT_MS, default 15 s). */
  shutdownTimeoutMs: number;
  trialMonths: number;
  uploadsDir: string;
  uploadMaxBytes: number;
  /** Images resized at once (IMAGE_CONCURRENCY); the rest wait, so sharp never takes every libuv worker thread. */
  imageConcurrency: number;
  /** Uploads waiting for a resize slot (IMAGE_QUEUE); one more answers 503 with Retry-After. */
  imageQueue: number;
  /** Folder of the built web app; served when it exists. */
  webDist: string;
  logLevel: string;
  /** Set when STRIPE_SECRET_KEY is: payments go through Stripe instead of the built-in local provider. */
  stripe: StripeConfig | undefined;
  /** Days a complete plan stays past due (its renewal retried daily) before it is canceled. */
  billingGraceDays: number;
  /** How often this process runs the renewal and trial-expiry job; 0 turns it off (the default in tests). */
  renewalIntervalMs: number;
  /** Place autocomplete: the built-in Canadian gazetteer (offline) or a public geocoder. */
  geocoder: { provider: GeocoderProvider; url: string | undefined; googleMapsApiKey: string | undefined };
  /** Set when S3_BUCKET is: uploaded images go to S3-compatible storage instead of `uploadsDir`. */
  s3: S3Config | undefined;
};

export type S3Config = {
  bucket: string;
  /** The S3 API address without a trailing slash: AWS's regional endpoint by default, or MinIO, Ceph, R2… */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL (no trailing slash) under which objects are publicly readable: a CDN, or the bucket's own URL. */
  publicUrl: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint-host/key`. */
  forcePathStyle: boolean;
};

export const GEOCODER_PROVIDERS = ['builtin', 'photon', 'nominatim', 'google'] as const;
export type GeocoderProvider = (typeof GEOCODER_PROVIDERS)[number];

export type StripeConfig = {
  secretKey: string;
  /** Verifies POST /api/v1/webhooks/stripe; without it the webhook route is not served. */
  webhookSecret: string | undefined;
  /** Handed to the web app for Stripe.js. */
  publishableKey: string | undefined;
  /** Another API address (tests: a local fake of Stripe's API). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
};

/** false: the socket's address is the client's; a number: hops of proxies; a list: the proxies' addresses. */
export type TrustProxy = false | number | string[];

type Env = Record<string, string | undefined>;

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const DEFAULT_TILE_ATTRIBUTION_FR =
  '&copy; les contributeurs d’<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be 1 or 0 (got "${raw}")`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  try {
    const parsed = new URL(raw);
    if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(name, `must be a URL starting with ${protocols.join(' or ')}`);
  }
  return raw;
}

/** proxy-addr's names of reserved ranges, also accepted in TRUST_PROXY. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: unset or 0 (off), a hop count, or a comma-separated list of addresses, CIDR ranges and range names. */
function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || ['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 1, 20);
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_RANGES.includes(entry.toLowerCase())) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must be a hop count or a comma-separated list of proxy addresses or CIDR ranges (got "${entry}")`,
      );
    }
  }
  return entries.map((entry) => (PROXY_RANGES.includes(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

/** GEOCODER, GEOCODER_URL and GOOGLE_MAPS_API_KEY. */
function geocoder(env: Env): Config['geocoder'] {
  const raw = env.GEOCODER?.trim().toLowerCase() || 'builtin';
  if (!(GEOCODER_PROVIDERS as readonly string[]).includes(raw)) {
    throw new ConfigError('GEOCODER', `must be one of ${GEOCODER_PROVIDERS.join(', ')} (got "${raw}")`);
  }
  const provider = raw as GeocoderProvider;
  const googleMapsApiKey = env.GOOGLE_MAPS_API_KEY?.trim() || undefined;
  if (provider === 'google' && !googleMapsApiKey) {
    throw new ConfigError('GOOGLE_MAPS_API_KEY', 'is required when GEOCODER=google');
  }
  return { provider, url: url(env, 'GEOCODER_URL', ['http:', 'https:'])?.replace(/\/+$/, ''), googleMapsApiKey };
}

function prefixed(env: Env, name: string, prefixes: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!prefixes.some((p) => raw.startsWith(p)) || /\s/.test(raw)) {
    throw new ConfigError(name, `must start with ${prefixes.join(' or ')}`);
  }
  return raw;
}

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY and STRIPE_API_URL. */
function stripeConfig(env: Env): StripeConfig | undefined {
  const secretKey = prefixed(env, 'STRIPE_SECRET_KEY', ['sk_', 'rk_']);
  const optional = {
    STRIPE_WEBHOOK_SECRET: prefixed(env, 'STRIPE_WEBHOOK_SECRET', ['whsec_']),
    STRIPE_PUBLISHABLE_KEY: prefixed(env, 'STRIPE_PUBLISHABLE_KEY', ['pk_']),
    STRIPE_API_URL: url(env, 'STRIPE_API_URL', ['http:', 'https:']),
  };
  if (!secretKey) {
    const orphan = Object.entries(optional).find(([, value]) => value !== undefined);
    if (orphan) throw new ConfigError(orphan[0], 'needs STRIPE_SECRET_KEY');
    return undefined;
  }
  let api: StripeConfig['api'];
  if (optional.STRIPE_API_URL) {
    const parsed = new URL(optional.STRIPE_API_URL);
    const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
    api = { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
  }
  return {
    secretKey,
    webhookSecret: optional.STRIPE_WEBHOOK_SECRET,
    publishableKey: optional.STRIPE_PUBLISHABLE_KEY,
    api,
  };
}

/** Bucket names as S3 accepts them today: 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;

/** S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL, S3_FORCE_PATH_STYLE. */
function s3Config(env: Env): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  const endpointVar = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  const publicVar = url(env, 'S3_PUBLIC_URL', ['http:', 'https:']);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!bucket) {
    const orphan = [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PUBLIC_URL',
      'S3_FORCE_PATH_STYLE',
    ].find((name) => env[name]?.trim());
    if (orphan) throw new ConfigError(orphan, 'needs S3_BUCKET');
    return undefined;
  }
  if (!BUCKET.test(bucket)) {
    throw new ConfigError('S3_BUCKET', 'must be 3 to 63 lower-case letters, digits, dots or hyphens');
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!REGION.test(region)) throw new ConfigError('S3_REGION', 'must be a region name such as ca-central-1');
  if (!accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'is required when S3_BUCKET is set');
  // Never echoed back: the message names the variable only.
  if (!secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required when S3_BUCKET is set');
  const endpoint = (endpointVar ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  const forcePathStyle = flag(env, 'S3_FORCE_PATH_STYLE', endpointVar !== undefined);
  const parsed = new URL(endpoint);
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError('S3_ENDPOINT', 'must be a plain URL without credentials, query or fragment');
  }
  const bucketUrl = forcePathStyle
    ? `${endpoint}/${bucket}`
    : `${parsed.protocol}//${bucket}.${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  return {
    bucket,
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    publicUrl: (publicVar ?? bucketUrl).replace(/\/+$/, ''),
    forcePathStyle,
  };
}

/** REDIS_KEY_PREFIX: up to 64 visible characters without spaces. */
function redisKeyPrefix(env: Env): string {
  const raw = env.REDIS_KEY_PREFIX?.trim();
  if (!raw) return 'evmap:';
  if (!/^[\x21-\x7e]{1,64}$/.test(raw)) {
    throw new ConfigError('REDIS_KEY_PREFIX', 'must be at most 64 visible ASCII characters without spaces');
  }
  return raw;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads the JWT secret from the environment, or from `dataDir/jwt-secret` (created once) outside production. */
function jwtSecret(env: Env, nodeEnv: Config['nodeEnv'], dataDir: string, embedded: boolean): string {
  const raw = env.JWT_SECRET;
  if (raw !== undefined && raw !== '') {
    if (raw.length < 32) throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
    return raw;
  }
  if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET', 'is required when NODE_ENV=production');
  if (!embedded) throw new ConfigError('JWT_SECRET', 'is required when DATABASE_URL is set');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Builds the configuration from `env` (default: process.env). Throws ConfigError on the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const rawEnv = env.NODE_ENV?.trim() || 'development';
  if (!['development', 'production', 'test'].includes(rawEnv)) {
    throw new ConfigError('NODE_ENV', `must be development, production or test (got "${rawEnv}")`);
  }
  const nodeEnv = rawEnv as Config['nodeEnv'];
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR?.trim() || 'data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const embedded = databaseUrl === undefined;

  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase();
  const adminPassword = env.ADMIN_PASSWORD;
  if (adminEmail && !EMAIL.test(adminEmail)) throw new ConfigError('ADMIN_EMAIL', 'must be an email address');
  if (adminEmail && !adminPassword) throw new ConfigError('ADMIN_PASSWORD', 'is required when ADMIN_EMAIL is set');
  if (adminPassword && !adminEmail) throw new ConfigError('ADMIN_EMAIL', 'is required when ADMIN_PASSWORD is set');
  if (adminPassword && (adminPassword.length <= 6 || adminPassword.length > 128)) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be longer than 6 and at most 128 characters');
  }

  const demoData = nodeEnv === 'production' ? false : flag(env, 'DEMO_DATA', embedded);
  const appUrl = url(env, 'APP_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const contactEmail = env.CONTACT_EMAIL?.trim() || 'contact@evmap.ca';
  if (!EMAIL.test(contactEmail)) throw new ConfigError('CONTACT_EMAIL', 'must be an email address');
  const tileUrl = env.TILE_URL?.trim() || DEFAULT_TILE_URL;
  if (!/^(https?:\/\/|\/)/.test(tileUrl) || !tileUrl.includes('{z}')) {
    throw new ConfigError('TILE_URL', 'must be an http(s) URL or a path containing {z}, {x} and {y}');
  }
  const tileAttribution = env.TILE_ATTRIBUTION?.trim() || DEFAULT_TILE_ATTRIBUTION;
  if (/<\s*script|\son\w+\s*=|javascript:/i.test(tileAttribution)) {
    throw new ConfigError('TILE_ATTRIBUTION', 'may hold text and links only (no scripts or event handlers)');
  }

  return {
    nodeEnv,
    host: env.HOST?.trim() || '0.0.0.0',
    port,
    trustProxy: trustProxy(env),
    appUrl: appUrl.replace(/\/+$/, ''),
    dataDir,
    databaseUrl,
    jwtSecret: jwtSecret(env, nodeEnv, dataDir, embedded),
    jwtExpiresIn: env.JWT_EXPIRES_IN?.trim() || '30d',
    admin: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : undefined,
    demoData,
    mailDir: path.resolve(env.MAIL_DIR?.trim() || path.join(dataDir, 'mail')),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM?.trim() || 'EventMap <no-reply@evmap.ca>',
    contactEmail,
    sentryDsn: url(env, 'SENTRY_DSN', ['http:', 'https:']),
    tileUrl,
    tileAttribution,
    tileAttributionFr: env.TILE_ATTRIBUTION?.trim() ? undefined : DEFAULT_TILE_ATTRIBUTION_FR,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: redisKeyPrefix(env),
    trialMonths: integer(env, 'TRIAL_MONTHS', TRIAL_MONTHS, 0, 120),
    uploadsDir: path.resolve(env.UPLOADS_DIR?.trim() || path.join(dataDir, 'uploads')),
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_MB', 10, 1, 100) * 1024 * 1024,
    imageConcurrency: integer(env, 'IMAGE_CONCURRENCY', 2, 1, 16),
    imageQueue: integer(env, 'IMAGE_QUEUE', 8, 0, 1000),
    webDist: path.resolve(env.WEB_DIST?.trim() || WEB_DIST_DIR),
    logLevel: env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'silent' : 'info'),
    stripe: stripeConfig(env),
    billingGraceDays: integer(env, 'BILLING_GRACE_DAYS', 7, 0, 90),
    drainDelayMs: integer(env, 'DRAIN_DELAY_MS', 0, 0, 120_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 15_000, 1_000, 600_000),
    renewalIntervalMs: integer(env, 'RENEWAL_INTERVAL_MS', nodeEnv === 'test' ? 0 : 3_600_000, 0, 86_400_000),
    geocoder: geocoder(env),
    s3: s3Config(env),
  };
}
