import type { FastifyRequest } from 'fastify';
import type { ShelterListQuery } from '@pawbridge/shared';
import type { UpstreamClient, UpstreamResponse, UpstreamStream } from './client';

/** Shelter-animal calls on our api (issue 18); the legacy Spring service has none of them. */
export const shelterUpstream = (client: UpstreamClient) => ({
  /** Only the validated criteria go upstream (empty ones are left out by the client). */
  list: (from: FastifyRequest, q: ShelterListQuery): Promise<UpstreamResponse> =>
    client.request('GET', '/api/shelter-animals', {
      from,
      query: {
        page: q.page,
        size: q.size,
        foundDateFrom: q.foundDateFrom,
        foundDateTo: q.foundDateTo,
        place: q.place,
        sido: q.sido,
        state: q.state,
      },
    }),
  detail: (from: FastifyRequest, desertionNo: string) =>
    client.request('GET', `/api/shelter-animals/${encodeURIComponent(desertionNo)}`, { from }),
  image: (from: FastifyRequest, desertionNo: string, n: string): Promise<UpstreamStream> =>
    client.stream('GET', `/shelter-images/${encodeURIComponent(desertionNo)}/${n}`, { from }),
  startSync: (from: FastifyRequest) => client.request('POST', '/api/admin/shelter-sync', { from }),
  runs: (from: FastifyRequest, q: { page: number; size: number }) =>
    client.request('GET', '/api/admin/shelter-sync/runs', { from, query: q }),
});
