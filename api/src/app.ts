import { prettyTransport } from '@pawbridge/server-kit/log-transport';
import { MULTIPART_LIMITS } from '@pawbridge/server-kit/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { ApiConfig } from './config/env';
import type { ApiContext } from './context';
import { openDatabase, type OpenOptions } from './db/index';
import { migrate } from './db/migrate';
import { createMailer } from './integrations/mail';
import { scheduleOrphanSweep } from './integrations/photo-sweep';
import { isThumbnailKey, photoKeyOfThumbnail } from './integrations/storage';
import { openStorage } from './integrations/open-storage';
import { ApiHttpError, bootError, REASON_HEADER } from './lib/errors';
import { isPlausibleSessionId, refuseNulBytes } from './lib/input-guard';
import { registerWriteLimit } from './lib/write-limit';
import { DbSessionStore, RedisSessionStore } from './modules/users/session-store';
import { loadSessionUser, SESSION_COOKIE } from './modules/users/session-user';
import { modules } from './modules/index';
import { createEventBus } from './events/event-bus';
import { startRealtime, type Realtime } from './realtime/index';
import { redactingLoggerOptions, registerOps } from './ops/index';
import { acceptEmptyBodies } from '@pawbridge/server-kit/empty-body';
import { registerCors } from './lib/cors';

export interface BuiltApi {
  /** Names Realtime so the declaration output carries its fastify augmentation to other projects (tsc -b). */
  app: FastifyInstance & { realtime: Realtime };
  ctx: ApiContext;
}

export interface BuildOptions extends OpenOptions {
  /** Where JSON log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Build the upstream api (legacy wire format) without listening. */
export async function buildApi(config: ApiConfig, opts: BuildOptions = {}): Promise<BuiltApi> {
  const { logStream, ...openOptions } = opts;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...redactingLoggerOptions(),
            ...(logStream ? { stream: logStream } : config.logPretty ? { transport: prettyTransport } : {}),
          },
    // The BFF's request id (x-request-id) on every line of this request.
    requestIdHeader: 'x-request-id',
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // While draining, requests on open keep-alive sockets are served (with Connection: close), not refused.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
  });

  const database = await openDatabase(config, openOptions);
  await migrate(database);
  const storage = await openStorage(config.storage);
  const leftovers = await storage.removeTemporaryFiles();
  if (leftovers.length > 0) app.log.warn({ files: leftovers }, 'removed unfinished upload files left by an earlier run');
  const sessions = config.redisUrl
    ? new RedisSessionStore(config.redisUrl, config.sessionTtlSeconds, `${config.eventsChannel}:session:`)
    : new DbSessionStore(database.db, config.sessionTtlSeconds);
  const ctx: ApiContext = {
    config,
    database,
    db: database.db,
    sessions,
    mail: createMailer({ ...config.mail, env: config.env, log: app.log }),
    storage,
    events: createEventBus({ redisUrl: config.redisUrl, channel: config.eventsChannel, log: app.log }),
  };

  // Photos left without a row by a crash between storing and committing are swept (issue 24 item 8).
  const stopSweep = scheduleOrphanSweep(ctx, app.log);
  app.addHook('onClose', async () => stopSweep());

  // Probes and load shedding come first, so they see every request (docs/decisions/0021).
  const readinessRedis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : null;
  readinessRedis?.on('error', () => undefined);
  await registerOps(app, {
    tier: 'api',
    config: config.ops,
    checks: {
      database: () => sql`select 1`.execute(database.db),
      ...(readinessRedis ? { redis: () => readinessRedis.ping() } : {}),
    },
    healthyBody: { status: 'UP' },
    overloadBody: (request) => bootError(503, 'Service Unavailable', request.url.split('?')[0] ?? ''),
    refuseMetrics: (request, reply) => reply.code(404).send(bootError(404, 'Not Found', request.url.split('?')[0] ?? '')),
    sockets: (): Record<string, number> =>
      app.hasDecorator('realtime') ? { stomp: app.realtime.stomp.size, dashboard: app.realtime.dashboard.io.engine.clientsCount } : {},
  });

  await registerCors(app, config.corsOrigins);
  acceptEmptyBodies(app);
  await app.register(cookie);
  // The upload limits both tiers share (server-kit/multipart): a little headroom over 5 MB so an oversize photo
  // reaches our own check and gets the spec's 413 message.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.decorateRequest('sessionId', null);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const sid = request.cookies[SESSION_COOKIE];
    if (!sid || !isPlausibleSessionId(sid)) return;
    const user = await loadSessionUser(ctx, sid);
    if (user) {
      request.sessionId = sid;
      request.user = user;
    }
  });

  refuseNulBytes(app);
  registerWriteLimit(app, { ...config.memberWrites, redisUrl: config.redisUrl });

  app.setErrorHandler((error, request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (error instanceof ApiHttpError) {
      if (error.reason) reply.header(REASON_HEADER, error.reason);
      if (typeof error.body === 'string') return reply.code(error.status).type('text/plain; charset=utf-8').send(error.body);
      return reply.code(error.status).send(error.body);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    const reason =
      status === 413
        ? 'Payload Too Large'
        : status === 415
          ? 'Unsupported Media Type'
          : status === 404
            ? 'Not Found'
            : status < 500
              ? 'Bad Request'
              : 'Internal Server Error';
    return reply.code(status).send(bootError(status, reason, path, status < 500 ? (error as Error).message : undefined));
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send(bootError(404, 'Not Found', request.url.split('?')[0] ?? '')));

  // Photos by their unguessable key (the BFF caches them in front of this).
  const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
  app.get<{ Params: { key: string } }>('/uploads/:key', async (request, reply) => {
    const { key } = request.params;
    let bytes = await ctx.storage.get(key);
    let ext = key.split('.').pop() ?? '';
    // Photos stored before thumbnails existed answer their thumbnail URL with the photo itself.
    for (const older of isThumbnailKey(key) ? ['jpg', 'png', 'webp', 'gif'] : []) {
      if (bytes) break;
      bytes = await ctx.storage.get(photoKeyOfThumbnail(key, older));
      ext = older;
    }
    if (!bytes) return reply.code(404).send(bootError(404, 'Not Found', request.url));
    return reply
      .type(MIME[ext] ?? 'application/octet-stream')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });

  for (const mod of modules) await mod(app, ctx);
  startRealtime(app, ctx);
  await ctx.events.ready();

  app.addHook('onClose', async () => {
    await ctx.events.close();
    await sessions.close();
    await storage.close();
    await database.close();
    readinessRedis?.disconnect();
  });

  return { app, ctx };
}
