import type { UpstreamClient } from './client';

/** A readiness probe is short: a load balancer asks often and must not wait the full request timeout. */
const PROBE_TIMEOUT_MS = 3000;

/** The upstream's status on a cheap, side-effect-free call, or null when it cannot be reached. */
export const healthUpstream = (client: UpstreamClient) => ({
  async probe(): Promise<number | null> {
    try {
      const res = await client.request('GET', '/api/users/check-session', { sessionId: null, timeoutMs: PROBE_TIMEOUT_MS });
      return res.status;
    } catch {
      return null;
    }
  },
});
