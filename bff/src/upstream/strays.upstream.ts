import type { FastifyRequest } from 'fastify';
import type { StrayReportRequest, StraySearchQuery } from '@pawbridge/shared';
import type { UploadedImage } from '../plugins/multipart';
import type { UpstreamClient, UpstreamResponse } from './client';

/** Our api marks a search that applies the documented rules; the legacy's Elasticsearch one has no such header. */
export const SEARCH_RULES_HEADER = 'x-pawbridge-search';

const photoBlob = (image: UploadedImage) => new Blob([new Uint8Array(image.bytes)], { type: image.mime });

/** Stray calls on the legacy paths (legacy-contract §3.2, §3.3). */
export const straysUpstream = (client: UpstreamClient) => ({
  list: (from: FastifyRequest): Promise<UpstreamResponse> => client.request('GET', '/api/abandoned/abandoned-pets', { from }),
  search: (from: FastifyRequest, q: StraySearchQuery) => client.request('GET', '/api/abandoned/abandoned-pets/search', { from, query: { ...q } }),
  searchFollowsRules: (res: UpstreamResponse) => res.headers.get(SEARCH_RULES_HEADER) === 'rules-v1',
  predict: (from: FastifyRequest, image: UploadedImage) => {
    const form = new FormData();
    form.append('imageurl', photoBlob(image), image.filename);
    return client.request('POST', '/api/abandoned/predict', { from, form });
  },
  /** Only the keys the legacy DTO accepts (its strict parser fails on any other). */
  register: (from: FastifyRequest, report: StrayReportRequest, image: UploadedImage) => {
    const json = {
      latitude: report.latitude,
      longitude: report.longitude,
      gender: report.gender ?? null,
      description: report.description,
      location: report.location,
      type: report.type?.trim() || null,
      foundDate: report.foundDate,
      foundTime: report.foundTime,
    };
    const form = new FormData();
    form.append('abandoned-pet', new Blob([JSON.stringify(json)], { type: 'application/json' }));
    form.append('imageurl', photoBlob(image), image.filename);
    return client.request('POST', '/api/abandoned/register', { from, form });
  },
  adminList: (from: FastifyRequest) => client.request('GET', '/api/admin/abandoned-pets', { from }),
  adminRegister: (from: FastifyRequest, id: number) => client.request('POST', `/api/admin/reports/${id}/register`, { from }),
});
