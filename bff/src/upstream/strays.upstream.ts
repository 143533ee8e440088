import type { FastifyRequest } from 'fastify';
import type { PageQuery, StrayReportRequest, StraySearchQuery } from '@pawbridge/shared';
import type { PhotoUpload as UploadedImage } from './pets.upstream';
import { withPage } from './paging';
import { upstreamMessage, type UpstreamClient, type UpstreamResponse } from './client';

const ifNoneMatch = (etag?: string) => (etag ? { headers: { 'if-none-match': etag } } : {});

const photoBlob = (image: UploadedImage) => new Blob([new Uint8Array(image.bytes)], { type: image.mime });

/** Stray calls on the legacy paths (legacy-contract §3.2, §3.3). */
export const straysUpstream = (client: UpstreamClient) => ({
  /** Without a page: every public stray (the legacy ignores the page and always sends everything). `etag`: revalidate (our api). */
  list: (from: FastifyRequest, page?: PageQuery, etag?: string): Promise<UpstreamResponse> =>
    client.request('GET', '/api/abandoned/abandoned-pets', { from, ...withPage(page), ...ifNoneMatch(etag) }),
  /** One public stray (our api's addition; the legacy has no such path). */
  detail: (from: FastifyRequest, id: number) => client.request('GET', `/api/abandoned/abandoned-pets/${id}`, { from }),
  search: (from: FastifyRequest, q: StraySearchQuery, page: PageQuery, etag?: string) =>
    client.request('GET', '/api/abandoned/abandoned-pets/search', {
      from,
      query: { ...q, page: page.page, size: page.size },
      ...ifNoneMatch(etag),
    }),
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
  adminList: (from: FastifyRequest, page?: PageQuery) => client.request('GET', '/api/admin/abandoned-pets', { from, ...withPage(page) }),
  /** `name` only to our api (the legacy ignores any body). */
  adminRegister: (from: FastifyRequest, id: number, name?: string) =>
    client.request('POST', `/api/admin/reports/${id}/register`, { from, ...(name !== undefined ? { json: { name } } : {}) }),
  /** Our api only. */
  adminRename: (from: FastifyRequest, id: number, name: string) =>
    client.request('PUT', `/api/admin/abandoned-pets/${id}/name`, { from, json: { name } }),
});

/** How a report the upstream refused failed, read from its answer. */
export type ReportRefusal =
  | { reason: 'predictor-down' }
  | { reason: 'refused'; sentence: string | undefined }
  | { reason: 'fields'; fieldErrors: Record<string, string>; message: string | undefined };

/**
 * The legacy answers a failed report with 500 `{success:false, message}`, its
 * message "등록 중 오류가 발생했습니다: <exception text>": the sentence is for
 * people, the exception text is not (a Custom Vision failure there means its
 * breed predictor, part of every report, is down). Our api answers 400 with
 * `fieldErrors` (its own sentences, passed on). Undefined: no such answer.
 */
export function reportRefusal(res: UpstreamResponse): ReportRefusal | undefined {
  const j = (res.json ?? {}) as { success?: unknown; fieldErrors?: unknown };
  if (res.status === 400 && j.fieldErrors && typeof j.fieldErrors === 'object')
    return { reason: 'fields', fieldErrors: j.fieldErrors as Record<string, string>, message: upstreamMessage(res) };
  if (res.status < 500 || res.loginRedirect) return undefined;
  const message = upstreamMessage(res);
  if (j.success !== false || !message) return undefined;
  const [sentence = '', ...detail] = message.split(/:\s+/);
  if (/custom\s*vision|predict/i.test(detail.join(' '))) return { reason: 'predictor-down' };
  // Passed on only when it is written for people (Korean), never an exception's text.
  return { reason: 'refused', sentence: /[가-힣]/.test(sentence) ? `${sentence.trim().replace(/[.!]?$/, '.')}` : undefined };
}
