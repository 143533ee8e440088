import type { FastifyRequest } from 'fastify';
import type { UpstreamClient } from './client';

/** Adoption calls on the legacy paths (legacy-contract §3.3, §3.4). */
export const adoptionUpstream = (client: UpstreamClient) => ({
  apply: (from: FastifyRequest, strayId: number) => client.request('POST', `/api/adopt/apply/${strayId}`, { from }),
  /** The legacy returns every user's applications here; callers must filter. */
  myApplications: (from: FastifyRequest) => client.request('GET', '/api/adopt/adoption/my-applications', { from }),
  adminApplications: (from: FastifyRequest) => client.request('GET', '/api/admin/adopt-applications', { from }),
  approve: (from: FastifyRequest, applicationId: number) => client.request('POST', `/api/admin/adopt/approve/${applicationId}`, { from }),
});
