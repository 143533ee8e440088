import fp from 'fastify-plugin';
import type { BffConfig } from '../config/env';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated environment (src/config/env.ts), the same object for every plugin. */
    config: BffConfig;
  }
}

/** The configuration as its own plugin: everything else depends on it, nothing re-reads the environment. */
export const configPlugin = fp<{ config: BffConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
