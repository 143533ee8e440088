import type { FastifyRequest } from 'fastify';
import { PetStatusSchema, type PageQuery, type PetStatus } from '@pawbridge/shared';
import type { UpstreamClient, UpstreamResponse } from './client';
import { withPage } from './paging';

/** The stray's status after a state change, when the upstream tells it (our api's `x-stray-status`). */
export function strayStatusAfter(res: UpstreamResponse): PetStatus | null {
  const parsed = PetStatusSchema.safeParse(res.headers.get('x-stray-status') ?? '');
  return parsed.success ? parsed.data : null;
}

/** Adoption calls on the legacy paths (legacy-contract §3.3, §3.4) plus our api's reject and withdraw (called by upstream/api only). */
export const adoptionUpstream = (client: UpstreamClient) => ({
  apply: (from: FastifyRequest, strayId: number) => client.request('POST', `/api/adopt/apply/${strayId}`, { from }),
  /** The legacy returns every user's applications here; callers must filter. */
  myApplications: (from: FastifyRequest, page?: PageQuery) =>
    client.request('GET', '/api/adopt/adoption/my-applications', { from, ...withPage(page) }),
  adminApplications: (from: FastifyRequest, page?: PageQuery) =>
    client.request('GET', '/api/admin/adopt-applications', { from, ...withPage(page) }),
  approve: (from: FastifyRequest, applicationId: number) => client.request('POST', `/api/admin/adopt/approve/${applicationId}`, { from }),
  reject: (from: FastifyRequest, applicationId: number) => client.request('POST', `/api/admin/adopt/reject/${applicationId}`, { from }),
  withdraw: (from: FastifyRequest, applicationId: number) => client.request('POST', `/api/adopt/withdraw/${applicationId}`, { from }),
});
