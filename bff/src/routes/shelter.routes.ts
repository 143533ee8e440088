import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SHELTER_AVAILABLE_HEADER,
  ShelterAnimalListSchema,
  ShelterAnimalParamsSchema,
  ShelterAnimalSchema,
  ShelterImageParamsSchema,
  ShelterListQuerySchema,
  SyncRunListSchema,
  SyncRunsQuerySchema,
  SyncStartedSchema,
  TOTAL_COUNT_HEADER,
} from '@pawbridge/shared';
import { errorResponses } from '../errors/error-responses';
import { ADMIN_ONLY, requireAdmin } from '../plugins/session';

const tags = ['shelter'];
const ADMIN_ONLY_DOC = '관리자만 호출할 수 있습니다(로그인 안 됨 401, 관리자 아님 403).';
const LEGACY_DOC = '레거시 Spring 서버에 연결된 BFF에서는 이 기능이 꺼져 있습니다: 목록은 빈 배열, X-Shelter-Available: false.';
const EXPOSED = `${TOTAL_COUNT_HEADER}, ${SHELTER_AVAILABLE_HEADER}`;

const paged = (reply: FastifyReply, total: number) =>
  reply.header(TOTAL_COUNT_HEADER, String(total)).header('access-control-expose-headers', EXPOSED).header('cache-control', 'no-store');

/** Nationwide shelter animals from the public animal-protection open API (issue 18, docs/decisions/0024). */
export const shelterRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const shelter = app.gateways.shelter;

  r.get(
    '/api/shelter-animals',
    {
      schema: {
        tags,
        summary: '보호소 공고 목록',
        description: `누구나 볼 수 있습니다. page(1부터)·size(최대 100), foundDateFrom/foundDateTo(yyyy-MM-dd, 발견일), place(발견 장소·보호소 이름·주소·관할 기관에 포함), sido(시·도 이름), state(active: 보호 중이고 공고가 오래전에 끝나지 않은 것, 기본 / all). 전체 개수는 \`${TOTAL_COUNT_HEADER}\`. ${LEGACY_DOC}`,
        querystring: ShelterListQuerySchema,
        response: { 200: ShelterAnimalListSchema, ...errorResponses(400, 502, 504) },
      },
    },
    async (request, reply) => {
      const page = await shelter.list(request, request.query);
      return paged(reply, page.total).header(SHELTER_AVAILABLE_HEADER, String(page.available)).send(page.items);
    },
  );

  r.get(
    '/api/shelter-animals/:desertionNo',
    {
      schema: {
        tags,
        summary: '보호소 공고 한 건',
        description: `누구나 볼 수 있습니다. 없는 공고는 404. ${LEGACY_DOC}`,
        params: ShelterAnimalParamsSchema,
        response: { 200: ShelterAnimalSchema, ...errorResponses(400, 404, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await shelter.detail(request, request.params.desertionNo)),
  );

  r.get('/shelter-images/:desertionNo/:n', { schema: { hide: true, params: ShelterImageParamsSchema } }, async (request, reply) => {
    const image = await shelter.image(request, request.params.desertionNo, request.params.n);
    if (image.length) reply.header('Content-Length', image.length);
    return reply
      .header('Cache-Control', 'public, max-age=604800')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .type(image.type)
      .send(Readable.fromWeb(image.body as NodeReadableStream<Uint8Array>));
  });

  r.post(
    '/api/admin/shelter-sync',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '보호소 공고 동기화 시작',
        description: `${ADMIN_ONLY_DOC} 202 { runId }. 이미 진행 중이면 409(SHELTER_SYNC_RUNNING), 서비스 키도 샘플 모드도 없으면 503(SHELTER_SYNC_UNCONFIGURED), 레거시 서버면 501.`,
        response: { 202: SyncStartedSchema, ...errorResponses(401, 403, 409, 501, 502, 503, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.code(202).send(await shelter.startSync(request));
    },
  );

  r.get(
    '/api/admin/shelter-sync/runs',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '보호소 공고 동기화 기록',
        description: `${ADMIN_ONLY_DOC} 최근 것부터. 전체 개수는 \`${TOTAL_COUNT_HEADER}\`. error는 코드와 짧은 이유이며 서비스 키는 담지 않습니다.`,
        querystring: SyncRunsQuerySchema,
        response: { 200: SyncRunListSchema, ...errorResponses(400, 401, 403, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const { items, total } = await shelter.runs(request, request.query);
      return paged(reply, total).send(items);
    },
  );
};
