import type { FastifyRequest } from 'fastify';
import type { DashboardPart, DashboardSummary } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normaliseDashboard, normaliseDashboardPart, type DashboardPartShapes } from '../normalisers/dashboard.normaliser';
import { isOk, toBffError, type UpstreamClient, type UpstreamResponse } from './client';
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

  /**
   * One of spec §7's three calls on its own path: the upstream's failure is
   * the caller's (401/403 as they are, 5xx → 502), a malformed answer is
   * 502 UPSTREAM_BAD_RESPONSE — never zeros that would read as the truth.
   */
  async part<P extends DashboardPart>(request: FastifyRequest, part: P): Promise<DashboardPartShapes[P]> {
    const res = await this.up[part](request);
    if (!isOk(res)) throw toBffError(res);
    const shape = normaliseDashboardPart(part, res.json);
    if (!shape) throw new BffError(502, 'UPSTREAM_BAD_RESPONSE');
    return shape;
  }
}
