import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { opsConfig, opsEnv, type OpsConfig } from '@pawbridge/server-kit/ops-env';
import { productionRefusal } from '@pawbridge/server-kit/production';
import { apiProductionProblems } from '../ops/production-requirements';
import type { StorageConfig } from '../integrations/storage';
import { storageConfig, storageEnv } from './storage-env';
import { shelterConfig, shelterEnv, type ShelterConfig } from './shelter-env';
import { alertsConfig, alertsEnv, type AlertsConfig } from './alerts-env';
import { embedderConfig, embedderEnv, type EmbedderConfig } from './embedder-env';
import { oauthEnvs, oauthProviders, type OAuthProvidersConfig } from './oauth-env';

export type { OAuthClientConfig, OAuthProvidersConfig } from './oauth-env';

// The only reader of process.env in the api. Parsed once; fails fast.
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: readable lines for people (default in development); json: one object per line for log shippers. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Postgres schema to use (tests give each app its own). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  REDIS_URL: z.string().optional(),
  /** Redis pub/sub channel of the domain-event bus; api instances that share a database share it. */
  EVENTS_CHANNEL: z.string().min(1).optional(),
  /** The admin dashboard socket.io server's own port (the legacy's netty-socketio port); 0 = any free port. */
  DASHBOARD_PORT: z.coerce.number().int().min(0).max(65535).default(9092),
  /** Its interface; default API_HOST. */
  DASHBOARD_HOST: z.string().optional(),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(1800),
  /** Member writes (posts, comments, likes, applications, reports, pets) per member per window; 0 = no limit. Default 30 (off under NODE_ENV=test). */
  RATE_MEMBER_WRITES: z.coerce.number().int().min(0).optional(),
  RATE_MEMBER_WRITES_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Default true, except in production, where true is refused. */
  SEED_DEMO_DATA: bool.optional(),
  MAIL_OUTBOX_DIR: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('포브리지 <no-reply@pawbridge.local>'),
  UPLOAD_DIR: z.string().optional(),
  ...storageEnv,
  ...shelterEnv,
  ...alertsEnv,
  /** When every instance sweeps favourites' reminders, notes and saved-search matches (cron, Seoul time; issue 28). */
  FAVOURITES_SWEEP_CRON: z.string().min(1).default('*/10 * * * *'),
  ...embedderEnv,
  BREED_MODEL_PATH: z.string().optional(),
  BREED_LABELS_PATH: z.string().optional(),
  BREED_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.5),
  CUSTOM_VISION_ENDPOINT: z.string().url().optional(),
  CUSTOM_VISION_PREDICTION_KEY: z.string().optional(),
  CUSTOM_VISION_PROJECT_ID: z.string().optional(),
  CUSTOM_VISION_PUBLISH_NAME: z.string().optional(),
  /**
   * Origins whose pages may call this api with credentials (CORS) and open the dashboard socket: the legacy
   * front end on its own origin. Comma-separated; default `http://localhost:3000` in development only.
   */
  CORS_ORIGINS: z.string().optional(),
  /** Where browsers reach the app (the BFF); social-login redirect URIs and returns are built from it, never from request headers. */
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
  /** PortOne (Iamport v1) REST API for verifying donations; without key and secret the embedded test gateway verifies (never in production). */
  PORTONE_API_URL: z.string().url().default('https://api.iamport.kr'),
  PORTONE_API_KEY: z.string().optional(),
  PORTONE_API_SECRET: z.string().optional(),
  PORTONE_MERCHANT_CODE: z.string().optional(),
  /** Kakao Local REST key: a stray's pin is put into words (coord2regioncode) when reported; unset → the region from our own data. */
  KAKAO_REST_API_KEY: z.string().optional(),
  KAKAO_LOCAL_URL: z.string().url().default('https://dapi.kakao.com'),
  ...oauthEnvs,
  ...opsEnv,
});

export type ApiEnv = z.infer<typeof EnvSchema>;

export interface ApiConfig {
  env: ApiEnv['NODE_ENV'];
  host: string;
  port: number;
  logLevel: ApiEnv['LOG_LEVEL'];
  logPretty: boolean;
  dataDir: string;
  /** undefined → PGlite (in `dataDir/pglite`, or in memory when dataDir is 'memory'). */
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  /** Redis channel of the event bus (only used with redisUrl). */
  eventsChannel: string;
  dashboard: { host: string; port: number };
  sessionTtlSeconds: number;
  /** Per-member write limit (lib/write-limit.ts). */
  memberWrites: { max: number; windowSeconds: number; prefix: string };
  adminPassword: string | undefined;
  seedDemoData: boolean;
  mail: { outboxDir: string; smtpUrl: string | undefined; from: string };
  uploadDir: string;
  /** Where photos live: UPLOAD_DIR on disk, or an S3-compatible bucket (STORAGE=s3). */
  storage: StorageConfig;
  /** The public shelter-animal sync (issue 18). */
  shelter: ShelterConfig;
  /** The e-mail unsubscribe link's key and lifetime (issue 28). */
  alerts: AlertsConfig;
  /** The favourites sweep's schedule (docs/decisions/0044). */
  favouritesSweepCron: string;
  /** The optional photo-similarity model (issue 28). */
  embedder: EmbedderConfig;
  breed: {
    modelPath: string | undefined;
    labelsPath: string | undefined;
    minConfidence: number;
    customVision: { endpoint: string; predictionKey: string; projectId: string; publishName: string } | undefined;
  };
  /** Origin of the web app as browsers see it (no trailing slash). */
  publicOrigin: string;
  /** Origins allowed to call with credentials from a browser (CORS, dashboard socket); empty → none. */
  corsOrigins: string[];
  /** Social-login providers with a client id (and the secret they need); the others are refused. */
  oauth: OAuthProvidersConfig;
  /** PortOne REST credentials; undefined → the embedded test gateway (refused in production). */
  portone: { apiUrl: string; apiKey: string; apiSecret: string; merchantCode: string | undefined } | undefined;
  ops: OpsConfig;
  /** Kakao Local for reverse geocoding stray reports (decision 0033); undefined → none. */
  kakaoLocal: { restKey: string; baseUrl: string; timeoutMs: number } | undefined;
}

export type { OpsConfig };

/**
 * The event bus's channel when EVENTS_CHANNEL is unset: derived from the deployment, because Redis
 * pub/sub ignores the database index (a stack on db 3 hears db 0's publishes) and two stacks on one
 * Redis server must never hear each other (issue 24 item 4). The Redis db index plus a digest of the
 * database the instances share (host, port, name, schema; never credentials; PGlite: its folder), so
 * every instance of one deployment agrees and no other does.
 */
export function defaultEventsChannel(
  e: { REDIS_URL?: string | undefined; DATABASE_URL?: string | undefined; DATABASE_SCHEMA?: string | undefined },
  dataDir: string,
): string {
  let redisDb = '0';
  try {
    redisDb = /^\/(\d+)/.exec(new URL(e.REDIS_URL ?? '').pathname)?.[1] ?? '0';
  } catch {
    // no Redis (or no URL): the bus stays in the process and the channel is unused
  }
  let database = `pglite:${dataDir}`;
  if (e.DATABASE_URL) {
    const u = new URL(e.DATABASE_URL);
    database = `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  }
  const deployment = createHash('sha256')
    .update(`${database}|${e.DATABASE_SCHEMA ?? ''}`)
    .digest('hex')
    .slice(0, 12);
  return `pawbridge:events:db${redisDb}:${deployment}`;
}

export function loadApiConfig(source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): ApiConfig {
  // An empty variable (`FOO=`) means unset, as in most tools.
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    // In production the other gaps are listed too, so one start shows every fix (issue 24 item 11).
    const gaps = source.NODE_ENV === 'production' ? apiProductionProblems(source) : [];
    throw new Error(`Invalid api environment:\n${lines}${gaps.length > 0 ? `\n${productionRefusal('api', gaps)}` : ''}`);
  }
  const e = parsed.data;
  const oauth = oauthProviders(e);
  const cors = corsOrigins(e.CORS_ORIGINS, e.NODE_ENV);
  if (typeof cors === 'string') throw new Error(`Invalid api environment:\n  CORS_ORIGINS: ${cors}`);
  if (e.NODE_ENV === 'production') {
    const problems = apiProductionProblems(source);
    // The default origin is a developer's machine; a live provider would send people there.
    if (Object.keys(oauth).length > 0 && !source.PUBLIC_ORIGIN)
      problems.push('PUBLIC_ORIGIN: required when a social login (OAUTH_*) is configured');
    if (!source.UNSUBSCRIBE_SECRET)
      problems.push('UNSUBSCRIBE_SECRET: required (signs the unsubscribe link in every e-mail; 32+ characters)');
    if (problems.length > 0) throw new Error(productionRefusal('api', problems));
  }
  const dataDir = e.DATA_DIR === 'memory' ? 'memory' : path.resolve(e.DATA_DIR);
  const fileRoot = dataDir === 'memory' ? path.resolve('tmp') : dataDir;
  const uploadDir = path.resolve(e.UPLOAD_DIR ?? path.join(fileRoot, 'uploads'));
  const cv =
    e.CUSTOM_VISION_ENDPOINT && e.CUSTOM_VISION_PREDICTION_KEY && e.CUSTOM_VISION_PROJECT_ID && e.CUSTOM_VISION_PUBLISH_NAME
      ? {
          endpoint: e.CUSTOM_VISION_ENDPOINT,
          predictionKey: e.CUSTOM_VISION_PREDICTION_KEY,
          projectId: e.CUSTOM_VISION_PROJECT_ID,
          publishName: e.CUSTOM_VISION_PUBLISH_NAME,
        }
      : undefined;
  return {
    env: e.NODE_ENV,
    host: e.API_HOST,
    port: e.API_PORT,
    logLevel: e.LOG_LEVEL,
    logPretty: (e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    eventsChannel: e.EVENTS_CHANNEL ?? defaultEventsChannel(e, dataDir),
    dashboard: { host: e.DASHBOARD_HOST ?? e.API_HOST, port: e.DASHBOARD_PORT },
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    memberWrites: {
      max: e.RATE_MEMBER_WRITES ?? (e.NODE_ENV === 'test' ? 0 : 30),
      windowSeconds: e.RATE_MEMBER_WRITES_WINDOW_SECONDS,
      // Per deployment, like the event channel (several stacks may share one Redis server).
      prefix: `${e.EVENTS_CHANNEL ?? defaultEventsChannel(e, dataDir)}:writes:`,
    },
    adminPassword: e.ADMIN_PASSWORD,
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    mail: { outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(fileRoot, 'outbox')), smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    uploadDir,
    storage: storageConfig(e, uploadDir),
    shelter: shelterConfig(e),
    alerts: alertsConfig(e, dataDir),
    favouritesSweepCron: e.FAVOURITES_SWEEP_CRON,
    embedder: embedderConfig(e),
    breed: { modelPath: e.BREED_MODEL_PATH, labelsPath: e.BREED_LABELS_PATH, minConfidence: e.BREED_MIN_CONFIDENCE, customVision: cv },
    publicOrigin: new URL(e.PUBLIC_ORIGIN).origin,
    corsOrigins: cors,
    oauth,
    portone:
      e.PORTONE_API_KEY && e.PORTONE_API_SECRET
        ? {
            apiUrl: e.PORTONE_API_URL.replace(/\/$/, ''),
            apiKey: e.PORTONE_API_KEY,
            apiSecret: e.PORTONE_API_SECRET,
            merchantCode: e.PORTONE_MERCHANT_CODE,
          }
        : undefined,
    ops: opsConfig(e, e.NODE_ENV),
    kakaoLocal: e.KAKAO_REST_API_KEY ? { restKey: e.KAKAO_REST_API_KEY, baseUrl: e.KAKAO_LOCAL_URL, timeoutMs: 2000 } : undefined,
  };
}

/** The legacy front end's own development origin (its CRA dev server). */
export const LEGACY_DEV_ORIGIN = 'http://localhost:3000';

/**
 * CORS_ORIGINS as a list of exact origins (`scheme://host[:port]`), or the problem with it. Unset: the
 * legacy front end's dev origin in development, nothing elsewhere. `*` is refused: credentials need
 * named origins, and a wildcard would let any page act with a member's cookie.
 */
export function corsOrigins(value: string | undefined, env: ApiEnv['NODE_ENV']): string[] | string {
  if (value === undefined) return env === 'development' ? [LEGACY_DEV_ORIGIN] : [];
  const out: string[] = [];
  for (const item of value.split(',').map((s) => s.trim())) {
    if (item === '') continue;
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return `"${item}" is not an origin (scheme://host[:port])`;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item)
      return `"${item}" is not an origin (scheme://host[:port], no path or trailing slash)`;
    if (!out.includes(item)) out.push(item);
  }
  return out;
}
