import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { bootError } from './errors';

/**
 * CORS with credentials for the configured origins only (CORS_ORIGINS; docs/decisions/0029): the legacy
 * front end on its own origin (its dev server, http://localhost:3000) logs in and calls with its cookie,
 * as the legacy's Spring CORS configuration allowed. Any other origin gets no CORS header at all, and its
 * preflight is refused with 403, so a browser never lets that page send or read a credentialed call.
 * Requests without an Origin (the BFF, curl) are untouched.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const preflight =
      request.method === 'OPTIONS' && origin !== undefined && request.headers['access-control-request-method'] !== undefined;
    if (preflight && !allowed.has(origin)) {
      return reply.code(403).send(bootError(403, 'Forbidden', request.url.split('?')[0] ?? '', 'origin not allowed'));
    }
  });
  if (allowed.size === 0) return;
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    credentials: true,
    // The legacy's (GET, POST, PUT, DELETE, OPTIONS) plus HEAD and PATCH; request headers are mirrored.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Paged lists tell their total in a header a cross-origin script may read.
    exposedHeaders: ['X-Total-Count'],
    maxAge: 600,
  });
}
