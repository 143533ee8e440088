import fp from 'fastify-plugin';
import type { BffConfig } from '../config/env';
import { UpstreamClient } from '../upstream/client';

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
    config: BffConfig;
  }
}

export const upstreamPlugin = fp<{ config: BffConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
    app.decorate('upstream', new UpstreamClient(config.upstreamUrl, config.upstreamTimeoutMs));
  },
  { name: 'upstream' },
);
