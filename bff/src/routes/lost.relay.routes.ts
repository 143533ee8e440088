import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PageQuerySchema } from '@pawbridge/shared';
import {
  LostContactListSchema,
  LostContactRequestSchema,
  LostCreatedSchema,
  LostFlagRequestSchema,
  LostIdParamsSchema,
  LostReplyRequestSchema,
} from '@pawbridge/shared/lost.schema';
import { errorResponses } from '../errors/error-responses';
import { MEMBER_ONLY, requireUser } from '../plugins/session';
import { PAGE_DOC, sendPage } from '../upstream/paging';
import { tags } from './lost.docs';

const ContactParamsSchema = LostIdParamsSchema;

/** Members reaching an author through the site (the relay, no numbers exchanged) and flagging a post. */
export function lostRelayRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lost = app.gateways.lost;

  r.post(
    '/api/lost/posts/:id/contact',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '글쓴이에게 연락하기(중계)',
        description:
          '회원만. 메시지는 글쓴이의 알림(종)과 이메일로 전달되고 누구의 전화번호나 이메일도 오가지 않습니다. 글쓴이가 답장하며 전화번호를 알려 줄 수 있습니다. 내 글(400 LOST_OWN_POST)·닫힌 글(409)에는 보낼 수 없습니다. 강아지를 보기 전에 돈을 보내지 말라는 안내를 화면에 함께 보여 주세요.',
        params: LostIdParamsSchema,
        body: LostContactRequestSchema,
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 409, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.code(201).send(await lost.contact(request, request.params.id, request.body));
    },
  );
  r.post(
    '/api/lost/contacts/:id/reply',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '받은 연락에 답장하기',
        description:
          '연락을 받은 글쓴이만(아니면 404 LOST_CONTACT_NOT_FOUND). phone을 주면 그 회원에게만 보입니다. 상대에게 알림과 이메일이 갑니다.',
        params: ContactParamsSchema,
        body: LostReplyRequestSchema,
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.code(201).send(await lost.reply(request, request.params.id, request.body));
    },
  );
  r.get(
    '/api/lost/contacts',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 연락함(보낸·받은 중계 메시지)',
        description: `최신 것부터. ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: LostContactListSchema, ...errorResponses(400, 401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return sendPage(reply, await lost.contacts(request, request.query));
    },
  );
  r.post(
    '/api/lost/posts/:id/flags',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '글 신고하기',
        description:
          'reason: SCAM(사기)·WRONG(잘못된 정보)·ABUSIVE(욕설·괴롭힘). 회원당 글 하나에 한 번(409 LOST_ALREADY_FLAGGED), 내 글은 안 됩니다.',
        params: LostIdParamsSchema,
        body: LostFlagRequestSchema,
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 409, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.code(201).send(await lost.flag(request, request.params.id, request.body));
    },
  );
}
