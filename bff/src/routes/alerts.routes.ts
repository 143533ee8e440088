import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailPreferenceRequestSchema,
  EmailPreferencesSchema,
  LostReachSchema,
  NeighbourhoodAnswerSchema,
  NeighbourhoodSettingRequestSchema,
  UnsubscribeAnswerSchema,
  UnsubscribeRequestSchema,
} from '@pawbridge/shared/alerts.schema';
import { LostIdParamsSchema } from '@pawbridge/shared/lost.schema';
import { z } from 'zod';
import { errorResponses } from '../errors/error-responses';
import { BffError } from '../errors/bff-error';
import { byIp } from '../plugins/rate-limit';
import { MEMBER_ONLY, requireUser } from '../plugins/session';

const tags = ['alerts'];
const LEGACY_DOC =
  '레거시 Spring 서버 앞에서는 501 UPSTREAM_UNSUPPORTED(ALERTS_UNSUPPORTED)이며 `/api/config`의 `lostAndFound`가 false라 화면에 나오지 않습니다.';
const SETTING_DOC =
  '로그인한 회원 본인의 동네 알림 설정만 읽고 씁니다. 고른 위치(lat, lng)는 본인에게만 답하고, 누가 알림을 받는지는 누구에게도 보이지 않습니다. 반경은 1·3·5km, 위치는 대한민국 안(아니면 400 lostOutsideKorea), 알림 받을 글은 하나 이상(alertTopicRequired). 받는 방법: BELL(알림함만), INSTANT(메일 바로, 하루 최대 10통), DIGEST(하루 한 번 모음 메일).';

/** neighbourhood alerts and e-mail preferences (issue 28, docs/decisions/0043): the member's own settings, the reach, the one-link unsubscribe. */
export async function alertsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const alerts = app.gateways.alerts;

  r.get(
    '/api/me/neighbourhood',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 동네 알림 설정',
        description: `${SETTING_DOC} 정하지 않았으면 setting: null. ${LEGACY_DOC}`,
        response: { 200: NeighbourhoodAnswerSchema, ...errorResponses(401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await alerts.neighbourhood(request));
    },
  );

  r.put(
    '/api/me/neighbourhood',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 동네 알림 저장',
        description: `${SETTING_DOC} ${LEGACY_DOC}`,
        body: NeighbourhoodSettingRequestSchema,
        response: { 200: NeighbourhoodAnswerSchema, ...errorResponses(400, 401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await alerts.saveNeighbourhood(request, request.body));
    },
  );

  r.delete(
    '/api/me/neighbourhood',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 동네 알림 끄기',
        description: `설정을 지웁니다. 그 뒤로는 동네 알림이 오지 않습니다. ${LEGACY_DOC}`,
        response: { 204: z.null().describe('deleted'), ...errorResponses(401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      await alerts.removeNeighbourhood(request);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/lost/posts/:id/reach',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '실종 신고가 알린 이웃 수',
        description: `글쓴이와 관리자만(다른 사람에게는 404 LOST_POST_NOT_FOUND). count: 동네 알림을 받은 회원 수, radiusKm: 그 회원들의 반경 중 가장 큰 값(없으면 null). ${LEGACY_DOC}`,
        params: LostIdParamsSchema,
        response: { 200: LostReachSchema, ...errorResponses(400, 401, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await alerts.reach(request, request.params.id));
    },
  );

  r.get(
    '/api/me/email-preferences',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 메일 수신 설정',
        description: `메일 종류별로 받는지(true) 끈지(false). ${LEGACY_DOC}`,
        response: { 200: EmailPreferencesSchema, ...errorResponses(401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await alerts.emailPreferences(request));
    },
  );

  r.put(
    '/api/me/email-preferences',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '메일 종류 하나 켜기·끄기',
        description: `바뀐 뒤의 설정 전체로 답합니다. ${LEGACY_DOC}`,
        body: EmailPreferenceRequestSchema,
        response: { 200: EmailPreferencesSchema, ...errorResponses(400, 401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await alerts.setEmailPreference(request, request.body));
    },
  );

  // No login, so counted per address like the code checks (a signed token cannot be guessed, but nobody should try cheaply).
  const unsubscribeGuard = app.rateGuard([{ name: 'unsubscribe-ip', max: app.config.rateLimits.verifyPerIp, key: byIp }]);
  // Its own context: a mail client's one-click (RFC 8058) posts a form with the token in the query.
  await app.register(async (sub) => {
    sub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    sub.withTypeProvider<ZodTypeProvider>().post(
      '/api/unsubscribe',
      {
        schema: {
          tags,
          summary: '메일 수신 거부(로그인 없이)',
          description: `메일의 링크에 든 서명된 토큰(메일 종류와 회원)으로 그 종류의 메일을 끕니다. 로그인하지 않아도 되고 여러 번 보내도 같습니다. JSON {token} 또는 메일 프로그램의 원클릭(List-Unsubscribe-Post: 폼 본문, 토큰은 ?token=). 위조·손상된 토큰 400 UNSUBSCRIBE_LINK_INVALID, 기한이 지난 토큰 410 UNSUBSCRIBE_LINK_EXPIRED. ${LEGACY_DOC}`,
          querystring: z.object({ token: z.string().max(400).optional() }),
          body: z.union([UnsubscribeRequestSchema, z.record(z.string(), z.string())]).optional(),
          response: { 200: UnsubscribeAnswerSchema, ...errorResponses(400, 410, 429, 501, 502, 504) },
        },
        preHandler: unsubscribeGuard,
      },
      async (request, reply) => {
        const fromBody = request.body && typeof request.body.token === 'string' ? request.body.token : undefined;
        const token = UnsubscribeRequestSchema.safeParse({ token: fromBody ?? request.query.token });
        if (!token.success) throw BffError.because(400, 'INVALID_CODE', 'UNSUBSCRIBE_LINK_INVALID');
        return reply.header('cache-control', 'no-store').send(await alerts.unsubscribe(request, token.data.token));
      },
    );
  });
}
