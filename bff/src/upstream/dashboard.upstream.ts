import type { FastifyRequest } from 'fastify';
import type { UpstreamClient } from './client';

/** The admin dashboard's three calls (legacy-contract §3.3, §8). */
export const dashboardUpstream = (client: UpstreamClient) => ({
  reportsAdoptions: (from: FastifyRequest) => client.request('GET', '/api/admin/dashboard/reports-adoptions', { from }),
  donations: (from: FastifyRequest) => client.request('GET', '/api/admin/dashboard/donations', { from }),
  abandonedStatus: (from: FastifyRequest) => client.request('GET', '/api/admin/dashboard/abandoned-status', { from }),
});
