import type { FastifyRequest } from 'fastify';
import type { DashboardSummary } from '@pawbridge/shared';
import { normaliseDashboard } from '../normalisers/dashboard.normaliser';
import { isOk, type UpstreamClient, type UpstreamResponse } from './client';
import { dashboardUpstream } from './dashboard.upstream';

/** The admin home's numbers: the upstream's three calls as one answer (spec §3 Dashboard, §8). */
export class DashboardGateway {
  private readonly up;
  constructor(client: UpstreamClient) {
    this.up = dashboardUpstream(client);
  }

  /** A call that fails (status or network) leaves its part out; the normaliser zeros it and names it in `failed`. */
  async summary(request: FastifyRequest): Promise<DashboardSummary> {
    const body = async (call: Promise<UpstreamResponse>) => {
      try {
        const res = await call;
        return isOk(res) ? res.json : undefined;
      } catch {
        return undefined;
      }
    };
    const [reportsAdoptions, donations, abandonedStatus] = await Promise.all([
      body(this.up.reportsAdoptions(request)),
      body(this.up.donations(request)),
      body(this.up.abandonedStatus(request)),
    ]);
    return normaliseDashboard({ reportsAdoptions, donations, abandonedStatus });
  }
}
