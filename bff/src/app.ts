import { prettyTransport } from '@pawbridge/server-kit/log-transport';
import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type BffConfig } from './config/env';
import { configPlugin } from './plugins/config';
import { redisPlugin } from './plugins/redis';
import { upstreamPlugin } from './plugins/upstream';
import { healthUpstream } from './upstream/health.upstream';
import { errorsPlugin } from './plugins/errors';
import { originCheckPlugin } from './plugins/origin-check';
import { sessionPlugin } from './plugins/session';
import { multipartPlugin } from './plugins/multipart';
import { docsPlugin } from './plugins/docs';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticWebPlugin } from './plugins/static-web';
import { renderPlugin } from './render/render.plugin';
import { publicDataCache } from './render/public-cache';
import { compressionPlugin } from './plugins/compression';
import { benchFloorPlugin } from './plugins/bench-floor';
import { routes } from './routes/index';
import { realtimePlugin } from './realtime/realtime.plugin';
import { onClientError, onFrameworkError } from './errors/http-errors';
import { BffError } from './errors/bff-error';
import { DEFAULT_ERROR_MESSAGES, isServerPath } from '@pawbridge/shared';
import { redactingLoggerOptions, registerOps } from './ops/index';
import { instrumentUpstream } from './ops/upstream-metrics';
import { acceptEmptyBodies } from '@pawbridge/server-kit/empty-body';
import { fastSerializerCompiler } from './plugins/serializer';

export interface BuildOptions {
  /** Where JSON log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Build the gateway without listening (tests call this with their own config). */
export async function buildApp(config: BffConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...redactingLoggerOptions(),
            ...(opts.logStream
              ? { stream: opts.logStream }
              : config.logPretty
                ? { transport: prettyTransport }
                : { stream: bufferedStdout() }),
          },
    // Our own id, always: a client-chosen one could collide with or impersonate another request in
    // the logs (issue 24 item 16). A well-formed client (or balancer) id is kept as clientRequestId.
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // While draining, requests on open keep-alive sockets are served (with Connection: close), not refused.
    return503OnClosing: false,
    // Bad percent-encoding, over-long paths/headers and broken HTTP answer the envelope too.
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
  }).withTypeProvider<ZodTypeProvider>();

  for (const warning of config.warnings) app.log.warn(warning);
  app.setValidatorCompiler(validatorCompiler);
  // Our api's answers are normalised to the shared types: written from the schema; the legacy's keep zod's check (decision 0036).
  app.setSerializerCompiler(config.upstreamKind === 'api' ? fastSerializerCompiler : serializerCompiler);
  // Synchronous hooks on the hot path: an async one costs a promise and a microtask turn per request (decision 0036).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Before compression: its onSend strips the floor's scripts, then the answer is compressed like any other.
  await app.register(benchFloorPlugin, { enabled: config.benchFloor });
  await app.register(compressionPlugin);
  await app.register(configPlugin, { config });
  await app.register(redisPlugin);
  await app.register(upstreamPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  // Probes, load shedding and metrics before the routes (docs/decisions/0021).
  const health = healthUpstream(app.upstream);
  await registerOps(app, {
    tier: 'bff',
    config: config.ops,
    checks: {
      upstream: async () => {
        const status = await health.probe();
        if (status === null || status >= 500) throw new Error(status === null ? 'unreachable' : `status ${status}`);
      },
      ...(app.redis ? { redis: () => (app.redis as NonNullable<typeof app.redis>).ping() } : {}),
    },
    healthyBody: { status: 'ok' },
    overloadBody: (request) => ({
      error: { code: 'SERVICE_OVERLOADED', message: DEFAULT_ERROR_MESSAGES.SERVICE_OVERLOADED, requestId: String(request.id) },
    }),
    refuseMetrics: () => {
      throw new BffError(404, 'NOT_FOUND');
    },
    sockets: () => ({
      stomp: app.websocketServer?.clients.size ?? 0,
      dashboard: app.hasDecorator('dashboardBridge') ? app.dashboardBridge.io.engine.clientsCount : 0,
    }),
    moreMetrics: (registry) => instrumentUpstream(app.upstream, registry),
    routeOptions: { schema: { hide: true } },
  });
  // Bodiless POSTs typed as forms (the legacy front end's) are bodiless, not 415.
  acceptEmptyBodies(app);
  await app.register(cookie);
  await app.register(originCheckPlugin);
  await app.register(sessionPlugin);
  await app.register(multipartPlugin);
  // Public by default only outside production; DOCS_ENABLED=true opens it there too.
  if (config.docsEnabled) await app.register(docsPlugin);
  await app.register(rateLimitPlugin);

  await app.register(realtimePlugin);
  // Before the routes: the writes they pass clear it (decision 0048).
  const rendering = config.webDistDir && config.ssrBundle ? { bundle: config.ssrBundle, webDistDir: config.webDistDir } : null;
  const publicData = rendering ? publicDataCache(app, config.ssrPublicDataTtlMs) : undefined;
  for (const route of routes) await app.register(route);

  if (rendering) await app.register(renderPlugin, { ...rendering, publicData });
  if (config.webDistDir) await app.register(staticWebPlugin, { dir: config.webDistDir });
  return app;
}

/**
 * perf (bench/README.md, BFF overhead): one log line per request, written when
 * it ends, with the request (masked by the req serializer), the answer's status
 * and the time, instead of fastify's two ("incoming request" + "request
 * completed"). The requestId is on it as on every line of the request.
 */
/** A client's (or the balancer's) X-Request-Id worth logging beside ours. */
const CLIENT_REQUEST_ID = /^[\w-]{8,64}$/;

class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const given = request.headers['x-request-id'];
    const clientRequestId = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : undefined;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime, clientRequestId };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (isQuietRequest(request, reply)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

const PROBES = /^\/(healthz|readyz|metrics)\/?$/;

/**
 * Quiet logs (issue 25): the SPA's files and pages (every script, style and
 * font of each page view) and the balancer's and Prometheus's probes are
 * logged at debug, so the info log holds the API calls people act on. A
 * server failure (5xx) stays at info whatever the path.
 */
function isQuietRequest(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.statusCode >= 500 || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return PROBES.test(pathname) || !isServerPath(pathname);
}

/**
 * perf (bench/README.md, BFF overhead): JSON log lines to stdout in 8 KB
 * writes, flushed at least every second and on exit (pino's own exit hook).
 * pino's default, one synchronous write per line, was a fifth of the BFF's
 * CPU per request.
 */
function bufferedStdout() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 8192 });
  const timer = setInterval(() => {
    try {
      stream.flush();
    } catch {
      clearInterval(timer); // destroyed: nothing left to flush
    }
  }, 1000).unref();
  return stream;
}
