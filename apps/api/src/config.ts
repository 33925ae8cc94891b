/**
 * Environment -> typed configuration: one zod schema, `configSchema`, with the embedded defaults of
 * ARCHITECTURE.md. Every variable is read by one field of it (trimmed; empty counts as unset), the rules between
 * variables (Stripe, S3, the administrator, JWT_SECRET) by its refinement, and an invalid environment stops the
 * start with one message naming every bad variable. Each field carries the default as README.md's configuration
 * table words it (`defaultText`); config-readme.test.ts checks that the table lists exactly these variables.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { SESSION_DAYS, TRIAL_MONTHS } from '@evmap/contract/constants';
import { z } from 'zod';
import { WEB_DIST_DIR } from './lib/paths';

export type ConfigProblem = { variable: string; problem: string };

/** Every bad variable of the environment, in one message: `Invalid configuration: A must…; B is required…`. */
export class ConfigError extends Error {
  readonly problems: ConfigProblem[];
  constructor(variable: string | ConfigProblem[], problem = '') {
    const problems = typeof variable === 'string' ? [{ variable, problem }] : variable;
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.problem}`).join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

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

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const DEFAULT_TILE_ATTRIBUTION_FR =
  '&copy; les contributeurs d’<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Bucket names as S3 accepts them today: 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;
/** proxy-addr's names of reserved ranges, also accepted in TRUST_PROXY. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

type Ctx = z.RefinementCtx;
const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/**
 * One variable: trimmed, empty read as unset, then `parse` (which reports a bad value through `fail`);
 * `defaultText` is the default as README.md words it.
 */
function variable<T>(defaultText: string, parse: (raw: string | undefined, ctx: Ctx) => T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => parse(raw?.trim() || undefined, ctx))
    .meta({ defaultText });
}

const text = (defaultText = 'unset') => variable(defaultText, (raw) => raw);

const integerOf = (raw: string, min: number, max: number, ctx: Ctx): number => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    return fail(ctx, `must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
};

/** An integer in [min, max]; unset: `fallback`. */
const integer = (fallback: number, min: number, max: number, defaultText = `\`${fallback}\``) =>
  variable(defaultText, (raw, ctx) => (raw === undefined ? fallback : integerOf(raw, min, max, ctx)));

/** The same without a fallback: unset is undefined (the caller decides). */
const optionalInteger = (min: number, max: number, defaultText: string) =>
  variable(defaultText, (raw, ctx) => (raw === undefined ? undefined : integerOf(raw, min, max, ctx)));

/** 1/true/yes/on or 0/false/no/off; unset: undefined (the caller decides). */
const flag = (defaultText: string) =>
  variable(defaultText, (raw, ctx): boolean | undefined => {
    if (raw === undefined) return undefined;
    const value = raw.toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    return fail(ctx, `must be 1 or 0 (got "${value}")`);
  });

const url = (protocols: string[], defaultText = 'unset') =>
  variable(defaultText, (raw, ctx): string | undefined => {
    if (raw === undefined) return undefined;
    try {
      if (protocols.includes(new URL(raw).protocol)) return raw;
    } catch {}
    return fail(ctx, `must be a URL starting with ${protocols.join(' or ')}`);
  });

const prefixed = (prefixes: string[]) =>
  variable('unset', (raw, ctx): string | undefined => {
    if (raw === undefined) return undefined;
    if (!prefixes.some((p) => raw.startsWith(p)) || /\s/.test(raw)) {
      return fail(ctx, `must start with ${prefixes.join(' or ')}`);
    }
    return raw;
  });

const email = <T extends string | undefined>(defaultText: string, fallback: T) =>
  variable(defaultText, (raw, ctx): string | T => {
    if (raw === undefined) return fallback;
    const value = raw.toLowerCase();
    return EMAIL.test(value) ? value : fail(ctx, 'must be an email address');
  });

/** TRUST_PROXY: unset or 0 (off), a hop count, or a comma-separated list of addresses, CIDR ranges and range names. */
const trustProxy = variable('unset: off', (raw, ctx): TrustProxy => {
  if (!raw || ['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return integerOf(raw, 1, 20, ctx);
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_RANGES.includes(entry.toLowerCase())) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) {
      return fail(
        ctx,
        `must be a hop count or a comma-separated list of proxy addresses or CIDR ranges (got "${entry}")`,
      );
    }
  }
  return entries.map((entry) => (PROXY_RANGES.includes(entry.toLowerCase()) ? entry.toLowerCase() : entry));
});

/** The variables, each read on its own; what depends on another variable is settled in configSchema below. */
const variables = z.object({
  NODE_ENV: variable('`development`', (raw = 'development', ctx) =>
    raw === 'development' || raw === 'production' || raw === 'test'
      ? raw
      : fail(ctx, `must be development, production or test (got "${raw}")`),
  ),
  LOG_LEVEL: text('`info` (`silent` in tests)'),
  PORT: integer(3000, 0, 65535),
  HOST: variable('`0.0.0.0`', (raw = '0.0.0.0') => raw),
  TRUST_PROXY: trustProxy,
  APP_URL: url(['http:', 'https:'], '`http://localhost:PORT`'),
  DATA_DIR: variable('`./data`', (raw = 'data') => path.resolve(raw)),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  // Not trimmed: a secret is taken as given.
  JWT_SECRET: z.string().optional().meta({ defaultText: 'generated once into `DATA_DIR/jwt-secret`' }),
  JWT_EXPIRES_IN: variable(`\`${SESSION_DAYS}d\``, (raw = `${SESSION_DAYS}d`) => raw),
  ADMIN_EMAIL: email('unset', undefined),
  // Not trimmed: a password is taken as given.
  ADMIN_PASSWORD: z.string().optional().meta({ defaultText: 'unset' }),
  DEMO_DATA: flag('`1` with the embedded database, else `0`'),
  MAIL_DIR: text('`DATA_DIR/mail`'),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: variable('`EventMap <no-reply@evmap.ca>`', (raw = 'EventMap <no-reply@evmap.ca>') => raw),
  CONTACT_EMAIL: email('`contact@evmap.ca`', 'contact@evmap.ca'),
  SENTRY_DSN: url(['http:', 'https:']),
  TILE_URL: variable('OpenStreetMap', (raw = DEFAULT_TILE_URL, ctx) =>
    /^(https?:\/\/|\/)/.test(raw) && raw.includes('{z}')
      ? raw
      : fail(ctx, 'must be an http(s) URL or a path containing {z}, {x} and {y}'),
  ),
  TILE_ATTRIBUTION: variable('OpenStreetMap credit (also in French)', (raw, ctx) =>
    raw && /<\s*script|\son\w+\s*=|javascript:/i.test(raw)
      ? fail(ctx, 'may hold text and links only (no scripts or event handlers)')
      : raw,
  ),
  REDIS_URL: url(['redis:', 'rediss:']),
  REDIS_KEY_PREFIX: variable('`evmap:`', (raw = 'evmap:', ctx) =>
    /^[\x21-\x7e]{1,64}$/.test(raw) ? raw : fail(ctx, 'must be at most 64 visible ASCII characters without spaces'),
  ),
  TRIAL_MONTHS: integer(TRIAL_MONTHS, 0, 120),
  STRIPE_SECRET_KEY: prefixed(['sk_', 'rk_']),
  STRIPE_WEBHOOK_SECRET: prefixed(['whsec_']),
  STRIPE_PUBLISHABLE_KEY: prefixed(['pk_']),
  STRIPE_API_URL: url(['http:', 'https:'], 'Stripe'),
  BILLING_GRACE_DAYS: integer(7, 0, 90),
  // The seller's registration numbers, printed on every invoice (Canadian invoices of $30 or more must carry them
  // for the buyer's input tax credits). Spaces are optional; they are printed in the CRA's and Revenu Québec's form.
  GST_HST_NUMBER: variable('unset', (raw, ctx) => {
    if (raw === undefined) return undefined;
    const match = /^(\d{9})\s*RT\s*(\d{4})$/i.exec(raw);
    return match
      ? `${match[1]} RT${match[2]}`
      : fail(ctx, `must be a business number and its GST/HST account, like 123456789 RT0001`);
  }),
  QST_NUMBER: variable('unset', (raw, ctx) => {
    if (raw === undefined) return undefined;
    const match = /^(\d{10})\s*TQ\s*(\d{4})$/i.exec(raw);
    return match ? `${match[1]} TQ${match[2]}` : fail(ctx, 'must be a QST registration number, like 1234567890 TQ0001');
  }),
  RENEWAL_INTERVAL_MS: optionalInteger(0, 86_400_000, '`3600000` (`0` in tests)'),
  UPLOAD_GC_INTERVAL_MS: optionalInteger(0, 86_400_000, '`3600000` (`0` in tests)'),
  EVENT_DAYS_ORDER_INTERVAL_MS: optionalInteger(0, 604_800_000, '`86400000` (`0` in tests)'),
  UPLOADS_DIR: text('`DATA_DIR/uploads`'),
  UPLOAD_MAX_MB: integer(10, 1, 100),
  IMAGE_CONCURRENCY: integer(2, 1, 16),
  IMAGE_QUEUE: integer(8, 0, 1000),
  WEB_DIST: text('`apps/web/dist`'),
  S3_BUCKET: variable('unset', (raw, ctx) =>
    raw === undefined || BUCKET.test(raw)
      ? raw
      : fail(ctx, 'must be 3 to 63 lower-case letters, digits, dots or hyphens'),
  ),
  S3_ENDPOINT: url(['http:', 'https:'], 'AWS: `https://s3.<region>.amazonaws.com`'),
  S3_REGION: variable('`us-east-1`', (raw, ctx) =>
    raw === undefined || REGION.test(raw) ? raw : fail(ctx, 'must be a region name such as ca-central-1'),
  ),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_PUBLIC_URL: url(['http:', 'https:'], "the bucket's own URL"),
  S3_FORCE_PATH_STYLE: flag('`1` with `S3_ENDPOINT`, else `0`'),
  GEOCODER: variable('`builtin`', (raw = 'builtin', ctx): GeocoderProvider => {
    const value = raw.toLowerCase();
    return (GEOCODER_PROVIDERS as readonly string[]).includes(value)
      ? (value as GeocoderProvider)
      : fail(ctx, `must be one of ${GEOCODER_PROVIDERS.join(', ')} (got "${value}")`);
  }),
  GEOCODER_URL: url(['http:', 'https:'], "the provider's public service"),
  GOOGLE_MAPS_API_KEY: text(),
  IMPORT_ALLOW_PRIVATE: flag('`0`'),
  IMPORT_INTERVAL_MS: optionalInteger(0, 86_400_000, '`60000` (`0` in tests)'),
  DRAIN_DELAY_MS: integer(0, 0, 120_000),
  SHUTDOWN_TIMEOUT_MS: integer(15_000, 1_000, 600_000),
});

/** The variables the configuration reads, with the default as README.md words it. */
export const CONFIG_VARIABLES: Record<string, string> = Object.fromEntries(
  Object.entries(variables.shape).map(([name, schema]) => [name, String(schema.meta()?.defaultText)]),
);

type Variables = z.output<typeof variables>;

const S3_OPTIONS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
  'S3_FORCE_PATH_STYLE',
] as const;
const STRIPE_OPTIONS = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_API_URL'] as const;

/** The rules between variables: each problem names its variable. */
function crossChecks(env: Variables, ctx: Ctx): void {
  const problem = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  // Set, valid or not (a bad value is z.NEVER here, and reported already).
  const given = (name: keyof Variables) => env[name] !== undefined;

  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) problem('ADMIN_PASSWORD', 'is required when ADMIN_EMAIL is set');
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) problem('ADMIN_EMAIL', 'is required when ADMIN_PASSWORD is set');
  if (env.ADMIN_PASSWORD && (env.ADMIN_PASSWORD.length <= 6 || env.ADMIN_PASSWORD.length > 128)) {
    problem('ADMIN_PASSWORD', 'must be longer than 6 and at most 128 characters');
  }

  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) problem('JWT_SECRET', 'must be at least 32 characters long');
  } else if (env.NODE_ENV === 'production') {
    problem('JWT_SECRET', 'is required when NODE_ENV=production');
  } else if (given('DATABASE_URL')) {
    problem('JWT_SECRET', 'is required when DATABASE_URL is set');
  }

  if (!given('STRIPE_SECRET_KEY')) {
    for (const name of STRIPE_OPTIONS) if (given(name)) problem(name, 'needs STRIPE_SECRET_KEY');
  }

  if (!given('S3_BUCKET')) {
    for (const name of S3_OPTIONS) if (given(name)) problem(name, 'needs S3_BUCKET');
  } else {
    // Never echoed back: the messages name the variables only.
    if (!env.S3_ACCESS_KEY_ID) problem('S3_ACCESS_KEY_ID', 'is required when S3_BUCKET is set');
    if (!env.S3_SECRET_ACCESS_KEY) problem('S3_SECRET_ACCESS_KEY', 'is required when S3_BUCKET is set');
    if (typeof env.S3_ENDPOINT === 'string') {
      const parsed = new URL(env.S3_ENDPOINT);
      if (parsed.search || parsed.hash || parsed.username || parsed.password) {
        problem('S3_ENDPOINT', 'must be a plain URL without credentials, query or fragment');
      }
    }
  }

  if (env.GEOCODER === 'google' && !env.GOOGLE_MAPS_API_KEY) {
    problem('GOOGLE_MAPS_API_KEY', 'is required when GEOCODER=google');
  }
}

function stripeConfig(env: Variables): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  let api: StripeConfig['api'];
  if (env.STRIPE_API_URL) {
    const parsed = new URL(env.STRIPE_API_URL);
    const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
    api = { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    api,
  };
}

function s3Config(env: Variables): S3Config | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket || !accessKeyId || !secretAccessKey) return undefined;
  const region = env.S3_REGION ?? 'us-east-1';
  const endpoint = (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined;
  const parsed = new URL(endpoint);
  const bucketUrl = forcePathStyle
    ? `${endpoint}/${bucket}`
    : `${parsed.protocol}//${bucket}.${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  return {
    bucket,
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    publicUrl: (env.S3_PUBLIC_URL ?? bucketUrl).replace(/\/+$/, ''),
    forcePathStyle,
  };
}

/** JWT_SECRET, or (outside production, on the embedded database) the one generated once into `dataDir/jwt-secret`. */
function jwtSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function toConfig(env: Variables) {
  const nodeEnv = env.NODE_ENV;
  const dataDir = env.DATA_DIR;
  const embedded = env.DATABASE_URL === undefined;
  const hourlyOutsideTests = nodeEnv === 'test' ? 0 : 3_600_000;
  return {
    nodeEnv,
    host: env.HOST,
    port: env.PORT,
    /**
     * Which peers may set X-Forwarded-For (Fastify's trustProxy): none by default, so a client cannot choose the
     * address its rate limits are counted under; a hop count, or the addresses and CIDR ranges of the proxies.
     */
    trustProxy: env.TRUST_PROXY,
    /** Public address of the web app, used in mailed links. */
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    /** Unset: the embedded PostgreSQL server in `dataDir/pg`. */
    databaseUrl: env.DATABASE_URL,
    jwtSecret: jwtSecret(env.JWT_SECRET, dataDir),
    jwtExpiresIn: env.JWT_EXPIRES_IN,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    demoData: nodeEnv === 'production' ? false : (env.DEMO_DATA ?? embedded),
    mailDir: path.resolve(env.MAIL_DIR ?? path.join(dataDir, 'mail')),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    sentryDsn: env.SENTRY_DSN,
    tileUrl: env.TILE_URL,
    /** HTML credit of the tiles, shown on the map. */
    tileAttribution: env.TILE_ATTRIBUTION ?? DEFAULT_TILE_ATTRIBUTION,
    /** The default credit in French; none for a configured TILE_ATTRIBUTION, shown as it is in both languages. */
    tileAttributionFr: env.TILE_ATTRIBUTION ? undefined : DEFAULT_TILE_ATTRIBUTION_FR,
    redisUrl: env.REDIS_URL,
    /** Prepended to every key this app writes in Redis (REDIS_KEY_PREFIX, default `evmap:`). */
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    trialMonths: env.TRIAL_MONTHS,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    /** Images resized at once (IMAGE_CONCURRENCY); the rest wait, so sharp never takes every libuv worker thread. */
    imageConcurrency: env.IMAGE_CONCURRENCY,
    /** Uploads waiting for a resize slot (IMAGE_QUEUE); one more answers 503 with Retry-After. */
    imageQueue: env.IMAGE_QUEUE,
    /** Folder of the built web app; served when it exists. */
    webDist: path.resolve(env.WEB_DIST ?? WEB_DIST_DIR),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    /** Set when STRIPE_SECRET_KEY is: payments go through Stripe instead of the built-in local provider. */
    stripe: stripeConfig(env),
    /** Days a complete plan stays past due (its renewal retried daily) before it is canceled. */
    billingGraceDays: env.BILLING_GRACE_DAYS,
    /** The seller's GST/HST and QST registration numbers, printed on invoices (unset: not printed). */
    taxNumbers: { gstHst: env.GST_HST_NUMBER, qst: env.QST_NUMBER },
    /**
     * On SIGTERM: how long the instance keeps serving while its health check says "not ready", so that a balancer
     * stops sending it traffic before it stops accepting (DRAIN_DELAY_MS, default 0).
     */
    drainDelayMs: env.DRAIN_DELAY_MS,
    /** On SIGTERM or SIGINT: the most the whole stop may take, database included (SHUTDOWN_TIMEOUT_MS, default 15 s). */
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** How often this process runs the renewal and trial-expiry job; 0 turns it off (the default in tests). */
    renewalIntervalMs: env.RENEWAL_INTERVAL_MS ?? hourlyOutsideTests,
    /** How often this process deletes unused uploads (UPLOAD_GC_INTERVAL_MS); 0 turns it off (the default in tests). */
    uploadGcIntervalMs: env.UPLOAD_GC_INTERVAL_MS ?? hourlyOutsideTests,
    /**
     * How often one instance puts the map index's rows of the coming days in map order (EVENT_DAYS_ORDER_INTERVAL_MS,
     * event-days-order.ts); 0 turns it off (the default in tests).
     */
    eventDaysOrderIntervalMs: env.EVENT_DAYS_ORDER_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 86_400_000),
    /** Place autocomplete: the built-in Canadian gazetteer (offline) or a public geocoder. */
    geocoder: {
      provider: env.GEOCODER,
      url: env.GEOCODER_URL?.replace(/\/+$/, ''),
      googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    },
    /** Imports (issue 25): private addresses allowed to the fetcher (IMPORT_ALLOW_PRIVATE, off by default). */
    importAllowPrivate: env.IMPORT_ALLOW_PRIVATE ?? false,
    /** How often this process looks for due import sources (IMPORT_INTERVAL_MS); 0 turns it off (tests). */
    importIntervalMs: env.IMPORT_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 60_000),
    /** Set when S3_BUCKET is: uploaded images go to S3-compatible storage instead of `uploadsDir`. */
    s3: s3Config(env),
  };
}

/**
 * The whole configuration schema: the environment in, the configuration out. The rules between variables are
 * checked even when some variable is bad, so that every problem is reported at once.
 */
export const configSchema = variables.superRefine(crossChecks, { when: () => true }).transform(toConfig);

export type Config = ReturnType<typeof toConfig>;

/** Builds the configuration from `env` (default: process.env). Throws one ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? 'environment'), problem: issue.message })),
  );
}
