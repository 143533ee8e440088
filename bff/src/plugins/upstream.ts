import fp from 'fastify-plugin';
import { chooseUpstream, type RealtimeUpstream } from '../gateways';
import { UpstreamClient } from '../upstream/client';
import type { Gateways } from '../upstream/gateways';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one upstream client (our api or the legacy Spring service) every gateway calls through. */
    upstream: UpstreamClient;
    /** Every domain's gateway, for this upstream (chosen once, bff/src/gateways.ts). */
    gateways: Gateways;
    /** How the realtime bridges reach this upstream. */
    realtimeUpstream: RealtimeUpstream;
  }
}

/** The upstream client and the gateways in front of it, chosen once at start. */
export const upstreamPlugin = fp(
  async (app) => {
    const client = new UpstreamClient(app.config.upstreamUrl, app.config.upstreamTimeoutMs);
    const seam = chooseUpstream(client, app.config, app.log, app.redis);
    app.decorate('upstream', client);
    app.decorate('gateways', seam.gateways);
    app.decorate('realtimeUpstream', seam.realtime);
  },
  { name: 'upstream', dependencies: ['config', 'redis'] },
);
