import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { KAKAO_SHARE_SDK, SRI_PATTERN } from '@pawbridge/shared';
import { opsConfig, opsEnv, type OpsConfig } from '@pawbridge/server-kit/ops-env';
import { productionRefusal } from '@pawbridge/server-kit/production';
import { bffProductionProblems } from '../ops/production-requirements';

// The only reader of process.env in the BFF. Parsed once; fails fast.
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: readable lines for people (default in development); json: one object per line for log shippers. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  UPSTREAM_URL: z.string().url().default('http://127.0.0.1:8080'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** api: our own api (direct paths); legacy: the Spring service (the BFF compensates its holes). docs/decisions/0008. */
  UPSTREAM_KIND: z.enum(['api', 'legacy']).default('api'),
  /** The upstream's raw STOMP WebSocket (SockJS's websocket transport); default: UPSTREAM_URL's host at /ws/websocket. */
  UPSTREAM_STOMP_URL: z.string().url().optional(),
  /** The upstream's dashboard socket.io server (the legacy's netty-socketio port); default: UPSTREAM_URL's host on port 9092. */
  DASHBOARD_URL: z.string().url().optional(),
  /** Legacy only: a member account the BFF uses to fetch public stray photos for visitors (the legacy serves /uploads to sessions only). */
  LEGACY_SERVICE_USER_ID: z.string().optional(),
  LEGACY_SERVICE_PASSWORD: z.string().optional(),
  /** Origins allowed to send writes besides the BFF's own host (comma-separated). */
  ALLOWED_ORIGINS: list.default([]),
  /**
   * Which X-Forwarded-* hops to believe: false, a hop count, or proxy addresses/CIDRs (comma-separated).
   * Never every hop: a client could then pick its own address and walk past per-address limits.
   */
  TRUST_PROXY: z.string().default('false'),
  /** Strict-Transport-Security max-age; 0 (default) sends none. Set it only when browsers reach the app over https. */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(0),
  WEB_DIST_DIR: z.string().optional(),
  /** The web's server bundle (public pages rendered by the BFF); default: WEB_DIST_DIR's sibling dist-server/entry-server.js; `off` serves the SPA shell. */
  SSR_BUNDLE: z.string().optional(),
  /** How long public page data (the adopt list, shelter animals, donation totals) is shared between renders, ms; 0 turns it off (decision 0048). */
  SSR_PUBLIC_DATA_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Bench only: X-Bench-Floor: 1 gets HTML answers without scripts (bench/lighthouse.ts's floor). Never on in production. */
  BENCH_FLOOR: z.enum(['true', 'false']).optional(),
  REDIS_URL: z.string().optional(),
  /** The OpenAPI docs at /docs: on by default outside production, off in production unless set true (issue 24 item 16). */
  DOCS_ENABLED: z.enum(['true', 'false']).optional(),
  /** How often a live socket's session is checked upstream (ms); an ended one closes the socket. Default 30 s. */
  REALTIME_SESSION_CHECK_MS: z.coerce.number().int().min(100).optional(),
  RATE_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LOGIN_PER_ACCOUNT_AND_IP: z.coerce.number().int().positive().default(10),
  RATE_LOGIN_PER_IP: z.coerce.number().int().positive().default(60),
  RATE_LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(2000).default(1000),
  RATE_EMAIL_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  RATE_EMAIL_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_VERIFY_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  RATE_VERIFY_PER_IP: z.coerce.number().int().positive().default(30),
  /** User id and nickname availability checks per address and window: plenty for a person, slow for walking a list of ids. */
  RATE_NAME_CHECK_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Redis key prefix of the rate-limit counters (instances of one deployment share it). */
  RATE_LIMIT_PREFIX: z.string().min(1).default('pawbridge:bff:rate:'),
  KAKAO_MAP_KEY: z.string().optional(),
  /** Kakao JavaScript key for KakaoTalk share (issue 27); unset: the map's Kakao key (the same kind of key), else no share. */
  KAKAO_JS_KEY: z.string().optional(),
  /** Another release of Kakao's JavaScript SDK for that share; set together with KAKAO_SDK_INTEGRITY, both from Kakao's download page. */
  KAKAO_SDK_URL: z.string().url().startsWith('https://').optional(),
  KAKAO_SDK_INTEGRITY: z.string().regex(SRI_PATTERN).optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Unset: our api's announcement (GET /api/oauth2/providers); none in front of the legacy. */
  SOCIAL_PROVIDERS: list.optional(),
  /** Where browsers reach this app; social-login landings and the legacy's redirect host use it (else the request's own host). */
  PUBLIC_ORIGIN: z.string().url().optional(),
  PORTONE_MERCHANT_CODE: z.string().optional(),
  BREED_PREDICTION_ENABLED: z.enum(['true', 'false']).optional(),
  ...opsEnv,
});

export interface BffConfig {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  logPretty: boolean;
  upstreamUrl: string;
  upstreamTimeoutMs: number;
  upstreamKind: 'api' | 'legacy';
  /** Bench only, never in production: HTML without scripts for requests with X-Bench-Floor: 1 (plugins/bench-floor.ts). */
  benchFloor: boolean;
  upstreamStompUrl: string;
  dashboardUrl: string;
  legacyServiceAccount: { userId: string; password: string } | undefined;
  allowedOrigins: string[];
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  hstsMaxAgeSeconds: number;
  /** Things an operator should hear about once at start (the config itself is valid). */
  warnings: string[];
  webDistDir: string | undefined;
  /** The web's server bundle, or undefined (no web served, or SSR_BUNDLE=off). */
  ssrBundle: string | undefined;
  /** SSR_PUBLIC_DATA_TTL_MS (decision 0048). */
  ssrPublicDataTtlMs: number;
  redisUrl: string | undefined;
  /** /docs (OpenAPI UI and JSON) served. */
  docsEnabled: boolean;
  /** realtime/session-watch.ts: the periodic session check of live sockets. */
  sessionCheckMs: number | undefined;
  rateLimits: {
    /** Failed logins per account from all addresses before each further attempt is slowed (never refused). */
    loginPerAccount: number;
    /** Failed logins per account from one address before that pair is refused. */
    loginPerAccountAndIp: number;
    /** Failed logins per address (any account) before the address is refused. */
    loginPerIp: number;
    loginSlowdownMs: number;
    emailPerAddress: number;
    emailPerIp: number;
    verifyPerAddress: number;
    verifyPerIp: number;
    nameCheckPerIp: number;
    windowSeconds: number;
    prefix: string;
  };
  kakaoMapKey: string | undefined;
  kakaoShareKey: string | undefined;
  /** The share SDK's script and integrity hash: the pinned release (KAKAO_SHARE_SDK) unless both variables are set. */
  kakaoShareSdk: { url: string; integrity: string };
  mapTileUrl: string;
  /** The operator's list (SOCIAL_PROVIDERS); undefined → ask our api, none for the legacy. */
  socialProviders: string[] | undefined;
  publicOrigin: string | undefined;
  portoneMerchantCode: string | undefined;
  breedPredictionEnabled: boolean | undefined;
  ops: OpsConfig;
}

export type { OpsConfig };

export function loadBffConfig(source: Record<string, string | undefined> = process.env): BffConfig {
  // An empty variable (`FOO=`) means unset, as in most tools.
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    // In production the other gaps are listed too, so one start shows every fix (issue 24 item 11).
    const gaps = source.NODE_ENV === 'production' ? bffProductionProblems(source) : [];
    throw new Error(`Invalid BFF environment:\n${lines}${gaps.length > 0 ? `\n${productionRefusal('BFF', gaps)}` : ''}`);
  }
  const e = parsed.data;
  if (Boolean(e.KAKAO_SDK_URL) !== Boolean(e.KAKAO_SDK_INTEGRITY)) {
    // A URL without its hash would load unchecked; a hash without its URL would refuse the pinned release.
    throw new Error('Invalid BFF environment:\n  KAKAO_SDK_URL and KAKAO_SDK_INTEGRITY: set both or neither');
  }
  if (e.NODE_ENV === 'production') {
    const problems = bffProductionProblems(source);
    if (e.UPSTREAM_KIND === 'legacy' && (!e.LEGACY_SERVICE_USER_ID || !e.LEGACY_SERVICE_PASSWORD)) {
      problems.push(
        'LEGACY_SERVICE_USER_ID and LEGACY_SERVICE_PASSWORD: required in front of the legacy (visitors see stray photos through this account)',
      );
    }
    if (problems.length > 0) throw new Error(productionRefusal('BFF', problems));
  }
  const warnings: string[] = [];
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, warnings);
  if (e.BENCH_FLOOR === 'true' && e.NODE_ENV === 'production') warnings.push('BENCH_FLOOR is ignored in production (a bench-only switch)');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logPretty: (e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty',
    upstreamUrl: e.UPSTREAM_URL.replace(/\/$/, ''),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamKind: e.UPSTREAM_KIND,
    upstreamStompUrl: e.UPSTREAM_STOMP_URL ?? stompUrlOf(e.UPSTREAM_URL),
    dashboardUrl: (e.DASHBOARD_URL ?? dashboardUrlOf(e.UPSTREAM_URL)).replace(/\/$/, ''),
    legacyServiceAccount:
      e.LEGACY_SERVICE_USER_ID && e.LEGACY_SERVICE_PASSWORD
        ? { userId: e.LEGACY_SERVICE_USER_ID, password: e.LEGACY_SERVICE_PASSWORD }
        : undefined,
    allowedOrigins: e.ALLOWED_ORIGINS,
    trustProxy,
    hstsMaxAgeSeconds: e.HSTS_MAX_AGE_SECONDS,
    warnings,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    ssrBundle:
      e.SSR_BUNDLE === 'off' || !e.WEB_DIST_DIR
        ? undefined
        : path.resolve(e.SSR_BUNDLE ?? path.join(path.resolve(e.WEB_DIST_DIR), '..', 'dist-server', 'entry-server.js')),
    ssrPublicDataTtlMs: e.SSR_PUBLIC_DATA_TTL_MS,
    benchFloor: e.BENCH_FLOOR === 'true' && e.NODE_ENV !== 'production',
    redisUrl: e.REDIS_URL,
    sessionCheckMs: e.REALTIME_SESSION_CHECK_MS,
    docsEnabled: e.DOCS_ENABLED ? e.DOCS_ENABLED === 'true' : e.NODE_ENV !== 'production',
    rateLimits: {
      loginPerAccount: e.RATE_LOGIN_PER_ACCOUNT,
      loginPerAccountAndIp: e.RATE_LOGIN_PER_ACCOUNT_AND_IP,
      loginPerIp: e.RATE_LOGIN_PER_IP,
      loginSlowdownMs: e.RATE_LOGIN_SLOWDOWN_MS,
      emailPerAddress: e.RATE_EMAIL_PER_ADDRESS,
      emailPerIp: e.RATE_EMAIL_PER_IP,
      verifyPerAddress: e.RATE_VERIFY_PER_ADDRESS,
      verifyPerIp: e.RATE_VERIFY_PER_IP,
      nameCheckPerIp: e.RATE_NAME_CHECK_PER_IP,
      windowSeconds: e.RATE_WINDOW_SECONDS,
      prefix: e.RATE_LIMIT_PREFIX,
    },
    kakaoMapKey: e.KAKAO_MAP_KEY,
    kakaoShareKey: e.KAKAO_JS_KEY ?? e.KAKAO_MAP_KEY,
    kakaoShareSdk:
      e.KAKAO_SDK_URL && e.KAKAO_SDK_INTEGRITY ? { url: e.KAKAO_SDK_URL, integrity: e.KAKAO_SDK_INTEGRITY } : { ...KAKAO_SHARE_SDK },
    mapTileUrl: e.MAP_TILE_URL,
    socialProviders: e.SOCIAL_PROVIDERS,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    portoneMerchantCode: e.PORTONE_MERCHANT_CODE,
    breedPredictionEnabled: e.BREED_PREDICTION_ENABLED === undefined ? undefined : e.BREED_PREDICTION_ENABLED === 'true',
    ops: opsConfig(e, e.NODE_ENV),
  };
}

function stompUrlOf(upstreamUrl: string): string {
  const u = new URL(upstreamUrl);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${u.pathname.replace(/\/$/, '')}/ws/websocket`;
  return u.toString();
}

function dashboardUrlOf(upstreamUrl: string): string {
  const u = new URL(upstreamUrl);
  return `${u.protocol}//${u.hostname}:9092`;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [addr = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(addr);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return net.isIP(bits) === family;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `true` used to mean "trust every hop"; it is read as one hop (the usual
 * single TLS proxy) and said so at start, so an old setting cannot silently
 * let clients choose their own address.
 */
function parseTrustProxy(raw: string, warnings: string[]): false | number | string[] {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    warnings.push(
      "TRUST_PROXY=true is read as TRUST_PROXY=1 (one proxy hop). Trusting every X-Forwarded-For hop would let clients choose their own address; set the hop count or the proxies' addresses instead.",
    );
    return 1;
  }
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = entries.filter((x) => !isProxyAddress(x));
  if (entries.length === 0 || bad.length > 0) {
    throw new Error(
      `Invalid BFF environment:\n  TRUST_PROXY: expected false, a hop count or proxy addresses/CIDRs, got ${bad.join(', ') || raw}`,
    );
  }
  return entries;
}

/**
 * Fastify's own numeric trustProxy trusts nothing (fail closed), so a hop
 * count becomes proxy-addr's function form: the nearest `hops` addresses
 * (the socket peer is hop 0) are proxies, the next one is the client.
 */
export function fastifyTrustProxy(trust: BffConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
