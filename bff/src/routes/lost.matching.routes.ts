import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MatchCandidateParamsSchema, MatchCandidatesAnswerSchema } from '@pawbridge/shared/lost.matching';
import { LostIdParamsSchema } from '@pawbridge/shared/lost.schema';
import { z } from 'zod';
import { errorResponses } from '../errors/error-responses';
import { MEMBER_ONLY, requireUser } from '../plugins/session';
import { LEGACY_DOC, tags } from './lost.docs';

const MATCH_DOC =
  '실종 신고 글쓴이와 관리자만 볼 수 있습니다(다른 사람에게는 글이 없는 것과 같은 404 LOST_POST_NOT_FOUND). 발견·목격 글, 회원의 유기견 제보, 보호소 공고를 백그라운드에서 점수(0–100)와 이유 코드로 견주어, 표시 기준 점수 이상만 점수 순으로 답합니다. 거리는 0.1km 단위이고 정확한 위치는 없습니다.';

/** 가능성 있는 아이들 (issue 28, docs/decisions/0039–0040): a missing report's match candidates and the owner's decisions. */
/** OpenAPI words for the owner's two answers to a candidate. */
const CANDIDATE_ACTIONS_DOC = [
  ['dismiss', '아니에요(후보 지우기)', '지운 후보는 다시 나오지 않습니다.'],
  ['confirm', '우리 아이예요(후보 확인)', '확인한 후보는 목록에 CONFIRMED로 남습니다.'],
] as const;
const DONE_DOC = '처리했습니다';

export function lostMatchingRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lost = app.gateways.lost;

  r.get(
    '/api/lost/posts/:id/candidates',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '가능성 있는 아이들(매칭 후보)',
        description: `${MATCH_DOC} reasons는 {code, points, …}: SAME_REGISTRATION, SAME_PHOTO, SIMILAR_PHOTO, PHOTO_LOOKS_ALIKE{percent} (이미지 모델이 설정된 경우에만), SAME_BREED{breed}, SIMILAR_BREED{breed}, SAME_SEX{sex}, SAME_COLOUR{colour}, DISTANCE{km}, SAME_DISTRICT, DAYS_AFTER{days} 등. ${LEGACY_DOC}`,
        params: LostIdParamsSchema,
        response: { 200: MatchCandidatesAnswerSchema, ...errorResponses(400, 401, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send(await lost.candidates(request, request.params.id));
    },
  );

  for (const [action, summary, words] of CANDIDATE_ACTIONS_DOC)
    r.post(
      `/api/lost/posts/:id/candidates/:candidateId/${action}`,
      {
        config: MEMBER_ONLY,
        schema: {
          tags,
          summary,
          description: `실종 신고 글쓴이만(관리자·다른 회원은 404). ${words} ${LEGACY_DOC}`,
          params: MatchCandidateParamsSchema,
          response: { 204: z.null().describe(DONE_DOC), ...errorResponses(400, 401, 403, 404, 501, 502, 504) },
        },
      },
      async (request, reply) => {
        await requireUser(request);
        await lost.decideCandidate(request, request.params.id, request.params.candidateId, action);
        return reply.code(204).send(null);
      },
    );
}
