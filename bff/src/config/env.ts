import path from 'node:path';
import { z } from 'zod';

// The only reader of process.env in the BFF. Parsed once; fails fast.
const list = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: readable lines for people (default in development); json: one object per line for log shippers. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  UPSTREAM_URL: z.string().url().default('http://127.0.0.1:8080'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Origins allowed to send writes besides the BFF's own host (comma-separated). */
  ALLOWED_ORIGINS: list.default([]),
  /** Set when the BFF is behind a TLS-terminating proxy: cookies get Secure, X-Forwarded-* are trusted. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  REDIS_URL: z.string().optional(),
  RATE_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LOGIN_PER_IP: z.coerce.number().int().positive().default(60),
  RATE_EMAIL_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  RATE_EMAIL_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_VERIFY_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  RATE_VERIFY_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Redis key prefix of the rate-limit counters (instances of one deployment share it). */
  RATE_LIMIT_PREFIX: z.string().min(1).default('pawbridge:bff:rate:'),
  KAKAO_MAP_KEY: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SOCIAL_PROVIDERS: list.default([]),
  PORTONE_MERCHANT_CODE: z.string().optional(),
  BREED_PREDICTION_ENABLED: z.enum(['true', 'false']).optional(),
});

export interface BffConfig {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  logPretty: boolean;
  upstreamUrl: string;
  upstreamTimeoutMs: number;
  allowedOrigins: string[];
  trustProxy: boolean;
  webDistDir: string | undefined;
  redisUrl: string | undefined;
  rateLimits: {
    loginPerAccount: number;
    loginPerIp: number;
    emailPerAddress: number;
    emailPerIp: number;
    verifyPerAddress: number;
    verifyPerIp: number;
    windowSeconds: number;
    prefix: string;
  };
  kakaoMapKey: string | undefined;
  mapTileUrl: string;
  socialProviders: string[];
  portoneMerchantCode: string | undefined;
  breedPredictionEnabled: boolean | undefined;
}

export function loadBffConfig(source: Record<string, string | undefined> = process.env): BffConfig {
  // An empty variable (`FOO=`) means unset, as in most tools.
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid BFF environment:\n${lines}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logPretty: (e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty',
    upstreamUrl: e.UPSTREAM_URL.replace(/\/$/, ''),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    redisUrl: e.REDIS_URL,
    rateLimits: {
      loginPerAccount: e.RATE_LOGIN_PER_ACCOUNT,
      loginPerIp: e.RATE_LOGIN_PER_IP,
      emailPerAddress: e.RATE_EMAIL_PER_ADDRESS,
      emailPerIp: e.RATE_EMAIL_PER_IP,
      verifyPerAddress: e.RATE_VERIFY_PER_ADDRESS,
      verifyPerIp: e.RATE_VERIFY_PER_IP,
      windowSeconds: e.RATE_WINDOW_SECONDS,
      prefix: e.RATE_LIMIT_PREFIX,
    },
    kakaoMapKey: e.KAKAO_MAP_KEY,
    mapTileUrl: e.MAP_TILE_URL,
    socialProviders: e.SOCIAL_PROVIDERS,
    portoneMerchantCode: e.PORTONE_MERCHANT_CODE,
    breedPredictionEnabled: e.BREED_PREDICTION_ENABLED === undefined ? undefined : e.BREED_PREDICTION_ENABLED === 'true',
  };
}

/**
 * Services a test harness should reuse when the developer or CI provides
 * them (REDIS_URL), so BFF tests also run against Redis like production.
 */
export function ambientTestServices(source: Record<string, string | undefined> = process.env): Record<string, string> {
  return source.REDIS_URL ? { REDIS_URL: source.REDIS_URL } : {};
}
