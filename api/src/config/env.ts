import path from 'node:path';
import { z } from 'zod';

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
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  REDIS_URL: z.string().optional(),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(1800),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO_DATA: bool.default(true),
  MAIL_OUTBOX_DIR: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('포브리지 <no-reply@pawbridge.local>'),
  UPLOAD_DIR: z.string().optional(),
  BREED_MODEL_PATH: z.string().optional(),
  BREED_LABELS_PATH: z.string().optional(),
  BREED_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.5),
  CUSTOM_VISION_ENDPOINT: z.string().url().optional(),
  CUSTOM_VISION_PREDICTION_KEY: z.string().optional(),
  CUSTOM_VISION_PROJECT_ID: z.string().optional(),
  CUSTOM_VISION_PUBLISH_NAME: z.string().optional(),
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
  sessionTtlSeconds: number;
  adminPassword: string | undefined;
  seedDemoData: boolean;
  mail: { outboxDir: string; smtpUrl: string | undefined; from: string };
  uploadDir: string;
  breed: {
    modelPath: string | undefined;
    labelsPath: string | undefined;
    minConfidence: number;
    customVision: { endpoint: string; predictionKey: string; projectId: string; publishName: string } | undefined;
  };
}

export function loadApiConfig(source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): ApiConfig {
  // An empty variable (`FOO=`) means unset, as in most tools.
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid api environment:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR === 'memory' ? 'memory' : path.resolve(e.DATA_DIR);
  const fileRoot = dataDir === 'memory' ? path.resolve('tmp') : dataDir;
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
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemoData: e.SEED_DEMO_DATA,
    mail: { outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(fileRoot, 'outbox')), smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(fileRoot, 'uploads')),
    breed: { modelPath: e.BREED_MODEL_PATH, labelsPath: e.BREED_LABELS_PATH, minConfidence: e.BREED_MIN_CONFIDENCE, customVision: cv },
  };
}

/** Postgres/Redis that test suites should use too (CI sets them); unset → PGlite and in-process. */
export function testServices(source: Record<string, string | undefined> = process.env): { databaseUrl?: string; redisUrl?: string } {
  return {
    ...(source.DATABASE_URL ? { databaseUrl: source.DATABASE_URL } : {}),
    ...(source.REDIS_URL ? { redisUrl: source.REDIS_URL } : {}),
  };
}
