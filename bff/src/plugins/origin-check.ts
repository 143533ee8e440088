import fp from 'fastify-plugin';
import { BffError } from '../errors/bff-error';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes must come from our own pages. A browser always sends Origin on
 * cross-site POST/PUT/DELETE (and Sec-Fetch-Site); tools like curl send
 * neither and are let through, since cookies are SameSite=Lax anyway.
 */
export const originCheckPlugin = fp(
  async (app) => {
    const allowed = new Set(app.config.allowedOrigins);
    // Synchronous: reads (most requests) pass without a promise (decision 0036).
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE.has(request.method)) return done();
      const origin = request.headers.origin;
      if (origin) {
        const own = `${request.protocol}://${request.host}`;
        if (origin === own || allowed.has(origin)) return done();
        return done(new BffError(403, 'CROSS_ORIGIN_REJECTED'));
      }
      if (request.headers['sec-fetch-site'] === 'cross-site') return done(new BffError(403, 'CROSS_ORIGIN_REJECTED'));
      done();
    });
  },
  { name: 'origin-check', dependencies: ['config'] },
);
