import fp from 'fastify-plugin';
import { UpstreamClient } from '../upstream/client';

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
  }
}

/** The one upstream client (our api or the legacy Spring service) every gateway calls through. */
export const upstreamPlugin = fp(
  async (app) => {
    app.decorate('upstream', new UpstreamClient(app.config.upstreamUrl, app.config.upstreamTimeoutMs));
  },
  { name: 'upstream', dependencies: ['config'] },
);
