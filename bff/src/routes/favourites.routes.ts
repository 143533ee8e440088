import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PageQuerySchema } from '@pawbridge/shared';
import {
  FAVOURITE_LIMITS,
  FavouriteKeysSchema,
  FavouriteListSchema,
  FavouriteShelterParamsSchema,
  FavouriteStrayParamsSchema,
  SavedSearchCreatedSchema,
  SavedSearchListSchema,
  SavedSearchParamsSchema,
  SavedSearchRequestSchema,
} from '@pawbridge/shared/favourites.schema';
import { z } from 'zod';
import { errorResponses } from '../errors/error-responses';
import { MEMBER_ONLY, requireUser } from '../plugins/session';
import type { FavouriteTarget } from '../upstream/favourites.gateway';
import { PAGE_DOC, sendPage } from '../upstream/paging';

const tags = ['favourites'];
const LEGACY_DOC =
  '레거시 Spring 서버 앞에서는 501 UPSTREAM_UNSUPPORTED(FAVOURITES_UNSUPPORTED)이며 `/api/config`의 `favourites`가 false입니다.';
const MINE_DOC = '회원만(401). 언제나 로그인한 회원 자신의 것만 읽고 바꿉니다.';
const DONE_DOC = '처리했습니다';

/**
 * Favourites and saved searches on the adopt list (issue 28, docs/decisions/0044): hearts on
 * strays and shelter animals, the member's list and keys, saved searches. Our api only.
 */
export const favouriteRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const favourites = app.gateways.favourites;

  r.get(
    '/api/favourites',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '관심 목록',
        description: `${MINE_DOC} 하트를 누른 순서의 최신부터, 사진·이름(보호소 공고는 품종)·상태·공고 마감일. ${PAGE_DOC} ${LEGACY_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: FavouriteListSchema, ...errorResponses(400, 401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return sendPage(reply, await favourites.list(request, request.query));
    },
  );

  r.get(
    '/api/favourites/keys',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '관심 목록의 아이들(하트 표시용)',
        description: `${MINE_DOC} 유기견 id와 보호소 공고 번호만. ${LEGACY_DOC}`,
        response: { 200: FavouriteKeysSchema, ...errorResponses(401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await favourites.keys(request));
    },
  );

  const hearts = [
    [
      '/api/favourites/strays/:id',
      FavouriteStrayParamsSchema,
      (p: { id: number }): FavouriteTarget => ({ source: 'member', strayId: p.id }),
    ],
    [
      '/api/favourites/shelter/:desertionNo',
      FavouriteShelterParamsSchema,
      (p: { desertionNo: string }): FavouriteTarget => ({ source: 'shelter', desertionNo: p.desertionNo }),
    ],
  ] as const;
  for (const [path, params, targetOf] of hearts) {
    for (const [method, on] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const)
      r.route({
        method,
        url: path,
        config: MEMBER_ONLY,
        schema: {
          tags,
          summary: on ? '관심 목록에 담기' : '관심 목록에서 빼기',
          description: on
            ? `${MINE_DOC} 이미 담았으면 그대로 204. 공개된 유기견·보호소 공고만(아니면 404 FAVOURITE_ANIMAL_NOT_FOUND), 회원당 ${FAVOURITE_LIMITS.favouritesMax}마리까지(409 FAVOURITE_LIMIT). ${LEGACY_DOC}`
            : `${MINE_DOC} 담겨 있지 않아도 204. ${LEGACY_DOC}`,
          params,
          response: { 204: z.null().describe(DONE_DOC), ...errorResponses(400, 401, 404, 409, 501, 502, 504) },
        },
        handler: async (request, reply) => {
          await requireUser(request);
          await favourites.set(request, (targetOf as (p: unknown) => FavouriteTarget)(request.params), on);
          return reply.code(204).send(null);
        },
      });
  }

  r.get(
    '/api/saved-searches',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '저장한 검색 조건',
        description: `${MINE_DOC} 최근 저장한 것부터(최대 ${FAVOURITE_LIMITS.savedSearchesMax}개라 나누지 않습니다). ${LEGACY_DOC}`,
        response: { 200: SavedSearchListSchema, ...errorResponses(401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await favourites.searches(request));
    },
  );

  r.post(
    '/api/saved-searches',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '이 조건 저장',
        description: `${MINE_DOC} 입양 목록 주소의 필터(region·foundDate·foundTime·location)와 source(all·member·shelter). 조건에 맞는 새 아이(공개된 유기견, 새로 동기화된 보호소 공고)가 오면 조건마다 하루에 한 번까지 알림(SAVED_SEARCH_MATCHED, 마릿수 포함). 회원당 ${FAVOURITE_LIMITS.savedSearchesMax}개까지(409 SAVED_SEARCH_LIMIT). ${LEGACY_DOC}`,
        body: SavedSearchRequestSchema,
        response: { 201: SavedSearchCreatedSchema, ...errorResponses(400, 401, 409, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.code(201).send(await favourites.saveSearch(request, request.body));
    },
  );

  r.delete(
    '/api/saved-searches/:id',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '저장한 검색 조건 지우기',
        description: `${MINE_DOC} 내 것이 아니거나 없으면 404 SAVED_SEARCH_NOT_FOUND. ${LEGACY_DOC}`,
        params: SavedSearchParamsSchema,
        response: { 204: z.null().describe(DONE_DOC), ...errorResponses(400, 401, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      await favourites.deleteSearch(request, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
