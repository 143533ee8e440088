import { MatchCandidatesAnswerSchema } from '@pawbridge/shared/lost.matching';
import type { FastifyRequest } from 'fastify';
import {
  ErrorCodeSchema,
  ErrorReasonSchema,
  FieldErrorCodesSchema,
  parseTotalCount,
  TOTAL_COUNT_HEADER,
  type PageQuery,
} from '@pawbridge/shared';
import {
  LOST_MISSING_PART,
  LOST_PHOTO_FIELDS,
  LOST_SIGHTING_PART,
  LOST_UPDATE_PART,
  LostCommentListSchema,
  LostContactListSchema,
  LostCreatedSchema,
  LostFlagListSchema,
  LostMapAnswerSchema,
  LostPostDetailSchema,
  LostPostListSchema,
  LostStatsSchema,
  type LostCloseRequest,
  type LostCommentRequest,
  type LostContactRequest,
  type LostFlagRequest,
  type LostListQuery,
  type LostMapQuery,
  type LostPostEditRequest,
  type LostReplyRequest,
  type LostUpdateRequest,
  type MissingCreateRequest,
  type SightingCreateRequest,
} from '@pawbridge/shared/lost.schema';
import { z } from 'zod';
import { BffError, fieldFailure } from '../../errors/bff-error';
import { isOk, toBffError, type UpstreamClient, type UpstreamRequestOptions, type UpstreamResponse } from '../client';
import type { LostFlyer, LostFlyerFormat, LostGateway, LostPhoto } from '../lost.gateway';
import type { Page } from '../paging';

const CodedSchema = z.object({
  error: z.object({ code: ErrorCodeSchema, reason: ErrorReasonSchema.optional(), fieldErrorCodes: FieldErrorCodesSchema.optional() }),
});

/**
 * Our api answers lost-and-found refusals with their code and reason (api/src/modules/lost/lost.errors.ts):
 * passed on as they are, the sentence taken from the shared tables, never the upstream's words.
 */
export function lostFailure(res: UpstreamResponse): BffError {
  if (res.status >= 500 || res.status === 401 || res.loginRedirect) return toBffError(res);
  const coded = CodedSchema.safeParse(res.json);
  if (!coded.success) return toBffError(res);
  const { code, reason, fieldErrorCodes } = coded.data.error;
  const retry = Number(res.headers.get('retry-after'));
  const details = { ...(reason ? { reason } : {}), ...(Number.isInteger(retry) && retry > 0 ? { retryAfterSeconds: retry } : {}) };
  if (fieldErrorCodes) return fieldFailure(res.status, code, fieldErrorCodes, details);
  return new BffError(res.status, code, undefined, undefined, details);
}

/** The upstream's answer read with the contract's schema; anything else is a bad response, never passed on. */
function answer<S extends z.ZodType>(res: UpstreamResponse, schema: S): z.infer<S> {
  if (!isOk(res)) throw lostFailure(res);
  const parsed = schema.safeParse(res.json);
  if (!parsed.success)
    throw new BffError(502, 'UPSTREAM_BAD_RESPONSE', undefined, undefined, {
      upstream: { status: res.status, cause: 'lost answer off contract' },
    });
  return parsed.data;
}

function page<T>(res: UpstreamResponse, items: T[]): Page<T> {
  return { items, total: parseTotalCount(res.headers.get(TOTAL_COUNT_HEADER)) ?? items.length };
}

function multipart(part: string, input: unknown, photos: LostPhoto[]): FormData {
  const form = new FormData();
  form.append(part, new Blob([JSON.stringify(input)], { type: 'application/json' }));
  photos.forEach((p, i) => form.append(LOST_PHOTO_FIELDS[i]!, new Blob([new Uint8Array(p.bytes)], { type: p.mime }), p.filename));
  return form;
}

/** Filters as query text (kinds comma-separated again). */
function filterQuery(q: Partial<LostListQuery & LostMapQuery>): Record<string, string | number | undefined> {
  const { kind, ...rest } = q;
  return { ...rest, kind: kind?.join(',') } as Record<string, string | number | undefined>;
}

/** Lost and found on our api: each route one call, answers checked against the shared contract. */
export class ApiLostGateway implements LostGateway {
  readonly available = true;

  constructor(private readonly client: UpstreamClient) {}

  private call(method: string, path: string, from: FastifyRequest, opts: Omit<UpstreamRequestOptions, 'from'> = {}) {
    return this.client.request(method, path, { from, ...opts });
  }

  async board(request: FastifyRequest, q: LostListQuery) {
    const res = await this.call('GET', '/api/lost/posts', request, { query: filterQuery(q) });
    return page(res, answer(res, LostPostListSchema));
  }

  async map(request: FastifyRequest, q: LostMapQuery) {
    return answer(await this.call('GET', '/api/lost/map', request, { query: filterQuery(q) }), LostMapAnswerSchema);
  }

  async detail(request: FastifyRequest, id: number) {
    return answer(await this.call('GET', `/api/lost/posts/${id}`, request), LostPostDetailSchema);
  }

  async mine(request: FastifyRequest, q: PageQuery) {
    const res = await this.call('GET', '/api/lost/my-posts', request, { query: q });
    return page(res, answer(res, LostPostListSchema));
  }

  async stats(request: FastifyRequest) {
    return answer(await this.call('GET', '/api/lost/stats', request), LostStatsSchema);
  }

  async createMissing(request: FastifyRequest, input: MissingCreateRequest, photos: LostPhoto[]) {
    const res = await this.call('POST', '/api/lost/missing', request, { form: multipart(LOST_MISSING_PART, input, photos) });
    return answer(res, LostCreatedSchema);
  }

  async createSighting(request: FastifyRequest, input: SightingCreateRequest, photos: LostPhoto[]) {
    const res = await this.call('POST', '/api/lost/sightings', request, { form: multipart(LOST_SIGHTING_PART, input, photos) });
    return answer(res, LostCreatedSchema);
  }

  async edit(request: FastifyRequest, id: number, input: LostPostEditRequest) {
    return answer(await this.call('PUT', `/api/lost/posts/${id}`, request, { json: input }), LostPostDetailSchema);
  }

  async update(request: FastifyRequest, id: number, input: LostUpdateRequest, photos: LostPhoto[]) {
    const res = await this.call('POST', `/api/lost/posts/${id}/updates`, request, { form: multipart(LOST_UPDATE_PART, input, photos) });
    return answer(res, LostPostDetailSchema);
  }

  async close(request: FastifyRequest, id: number, input: LostCloseRequest) {
    return answer(await this.call('POST', `/api/lost/posts/${id}/close`, request, { json: input }), LostPostDetailSchema);
  }

  async toStrayReport(request: FastifyRequest, id: number) {
    const res = await this.call('POST', `/api/lost/posts/${id}/to-stray-report`, request);
    return answer(res, z.object({ strayReportId: z.number().int().positive() }));
  }

  async contact(request: FastifyRequest, id: number, input: LostContactRequest) {
    return answer(await this.call('POST', `/api/lost/posts/${id}/contact`, request, { json: input }), LostCreatedSchema);
  }

  async reply(request: FastifyRequest, contactId: number, input: LostReplyRequest) {
    return answer(await this.call('POST', `/api/lost/contacts/${contactId}/reply`, request, { json: input }), LostCreatedSchema);
  }

  async contacts(request: FastifyRequest, q: PageQuery) {
    const res = await this.call('GET', '/api/lost/contacts', request, { query: q });
    return page(res, answer(res, LostContactListSchema));
  }

  async flag(request: FastifyRequest, id: number, input: LostFlagRequest) {
    return answer(await this.call('POST', `/api/lost/posts/${id}/flags`, request, { json: input }), LostCreatedSchema);
  }

  async flags(request: FastifyRequest, q: PageQuery & { state: 'open' | 'all' }) {
    const res = await this.call('GET', '/api/admin/lost/flags', request, { query: q });
    return page(res, answer(res, LostFlagListSchema));
  }

  async hide(request: FastifyRequest, id: number, hidden: boolean) {
    return answer(await this.call('POST', `/api/admin/lost/posts/${id}/hide`, request, { json: { hidden } }), LostPostDetailSchema);
  }

  async adminClose(request: FastifyRequest, id: number) {
    return answer(await this.call('POST', `/api/admin/lost/posts/${id}/close`, request), LostPostDetailSchema);
  }

  async candidates(request: FastifyRequest, id: number) {
    return answer(await this.call('GET', `/api/lost/posts/${id}/candidates`, request), MatchCandidatesAnswerSchema);
  }

  async decideCandidate(request: FastifyRequest, id: number, candidateId: number, action: 'dismiss' | 'confirm') {
    const res = await this.call('POST', `/api/lost/posts/${id}/candidates/${candidateId}/${action}`, request);
    if (!isOk(res)) throw lostFailure(res);
  }

  async dismissFlag(request: FastifyRequest, flagId: number) {
    const res = await this.call('POST', `/api/admin/lost/flags/${flagId}/dismiss`, request);
    if (!isOk(res)) throw lostFailure(res);
  }

  async comments(request: FastifyRequest, id: number, q: PageQuery) {
    const res = await this.call('GET', `/api/lost/posts/${id}/comments`, request, { query: q });
    return page(res, answer(res, LostCommentListSchema));
  }

  async comment(request: FastifyRequest, id: number, input: LostCommentRequest) {
    return answer(await this.call('POST', `/api/lost/posts/${id}/comments`, request, { json: input }), LostCreatedSchema);
  }

  async deleteComment(request: FastifyRequest, id: number, commentId: number) {
    const res = await this.call('DELETE', `/api/lost/posts/${id}/comments/${commentId}`, request);
    if (!isOk(res)) throw lostFailure(res);
  }

  async flyer(request: FastifyRequest, id: number, format: LostFlyerFormat, ifNoneMatch: string | undefined): Promise<LostFlyer> {
    const res = await this.call(
      'GET',
      `/api/lost/posts/${id}/${format}`,
      request,
      ifNoneMatch ? { headers: { 'if-none-match': ifNoneMatch } } : {},
    );
    const etag = res.headers.get('etag');
    if (res.status === 304 && etag) return { notModified: true, etag };
    if (!isOk(res)) throw lostFailure(res);
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith(format === 'flyer.pdf' ? 'application/pdf' : 'image/png'))
      throw new BffError(502, 'UPSTREAM_BAD_RESPONSE', undefined, undefined, {
        upstream: { status: res.status, cause: 'lost flyer not a pdf/png' },
      });
    return { notModified: false, etag, bytes: res.body };
  }
}
