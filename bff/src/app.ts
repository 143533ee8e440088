import { prettyTransport } from './plugins/log-transport';
import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
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
import { compressionPlugin } from './plugins/compression';
import { routes } from './routes/index';
import { realtimePlugin } from './realtime/realtime.plugin';
import { onClientError, onFrameworkError } from './errors/http-errors';

/** Build the gateway without listening (tests call this with their own config). */
export async function buildApp(config: BffConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'], ...(config.logPretty ? { transport: prettyTransport } : {}) },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // Bad percent-encoding, over-long paths/headers and broken HTTP answer the envelope too.
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
  }).withTypeProvider<ZodTypeProvider>();

  for (const warning of config.warnings) app.log.warn(warning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(compressionPlugin);
  await app.register(configPlugin, { config });
  await app.register(redisPlugin);
  await app.register(upstreamPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(originCheckPlugin);
  await app.register(sessionPlugin);
  await app.register(multipartPlugin);
  await app.register(docsPlugin);
  await app.register(rateLimitPlugin);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  const health = healthUpstream(app.upstream);
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const status = await health.probe();
    if (status === null) return reply.code(503).send({ status: 'upstream-unreachable' });
    return reply.code(status < 500 ? 200 : 503).send({ status: status < 500 ? 'ready' : 'upstream-error', upstream: status });
  });

  await app.register(realtimePlugin);
  for (const route of routes) await app.register(route);

  if (config.webDistDir) await app.register(staticWebPlugin, { dir: config.webDistDir });
  return app;
}
