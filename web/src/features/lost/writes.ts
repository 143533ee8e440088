// Lost and found (issue 27): the writes of the web — the missing reports and found/seen posts (multipart, photos
// in `photo1`…`photo5`), the author's edits, updates and closing, the stray report from a found post and
// the admin's moderation. Every answer is checked with the shared schema.
import {
  LOST_MISSING_PART,
  LOST_PHOTO_FIELDS,
  LOST_SIGHTING_PART,
  LOST_UPDATE_PART,
  LostCreatedSchema,
  LostPostDetailSchema,
  type LostCloseRequest,
  type LostPostDetail,
  type LostPostEditRequest,
  type LostUpdateRequest,
  type MissingCreateRequest,
  type SightingCreateRequest,
} from '@pawbridge/shared/lost.schema';
import { api } from '@/lib/api-client';
import { lostPostKey } from './api';

// The post page's data key lives with the read side (api.ts); after an owner action, the page reads it again.
export { lostPostKey };
export const MY_LOST_POSTS_KEY = '/api/lost/my-posts';
export const LOST_STATS_KEY = '/api/lost/stats';
export const ADMIN_LOST_FLAGS_KEY = '/api/admin/lost/flags';

/** A multipart body: the JSON part as a text field (a Blob would arrive as a file) and the photos in field order. */
function multipart(part: string, json: unknown, photos: File[]): FormData {
  const form = new FormData();
  form.append(part, JSON.stringify(json));
  LOST_PHOTO_FIELDS.forEach((field, i) => {
    const photo = photos[i];
    if (photo) form.append(field, photo);
  });
  return form;
}

export function createMissing(request: MissingCreateRequest, photos: File[]): Promise<{ id: number }> {
  return api('/api/lost/missing', { method: 'POST', form: multipart(LOST_MISSING_PART, request, photos), schema: LostCreatedSchema });
}

export function createSighting(request: SightingCreateRequest, photos: File[]): Promise<{ id: number }> {
  return api('/api/lost/sightings', { method: 'POST', form: multipart(LOST_SIGHTING_PART, request, photos), schema: LostCreatedSchema });
}

export function editLostPost(id: number, request: LostPostEditRequest): Promise<LostPostDetail> {
  return api(lostPostKey(id), { method: 'PUT', json: request, schema: LostPostDetailSchema });
}

export function updateLostPost(id: number, request: LostUpdateRequest, photos: File[]): Promise<LostPostDetail> {
  return api(`${lostPostKey(id)}/updates`, {
    method: 'POST',
    form: multipart(LOST_UPDATE_PART, request, photos),
    schema: LostPostDetailSchema,
  });
}

export function closeLostPost(id: number, request: LostCloseRequest): Promise<LostPostDetail> {
  return api(`${lostPostKey(id)}/close`, { method: 'POST', json: request, schema: LostPostDetailSchema });
}

/** `{ strayReportId }` (the BFF's answer; shared has no schema for it yet, so checked by hand). */
const StrayReported = {
  parse(d: unknown): { strayReportId: number } {
    const id = (d as { strayReportId?: unknown } | null)?.strayReportId;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw new TypeError('strayReportId missing');
    return { strayReportId: id };
  },
};

export function toStrayReport(id: number): Promise<{ strayReportId: number }> {
  return api(`${lostPostKey(id)}/to-stray-report`, { method: 'POST', schema: StrayReported });
}

export function hideLostPost(id: number, hidden: boolean): Promise<LostPostDetail> {
  return api(`/api/admin/lost/posts/${id}/hide`, { method: 'POST', json: { hidden }, schema: LostPostDetailSchema });
}

export function adminCloseLostPost(id: number): Promise<LostPostDetail> {
  return api(`/api/admin/lost/posts/${id}/close`, { method: 'POST', schema: LostPostDetailSchema });
}

export function dismissLostFlag(id: number): Promise<unknown> {
  return api(`/api/admin/lost/flags/${id}/dismiss`, { method: 'POST' });
}
