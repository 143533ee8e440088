import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DonationHistorySchema,
  DonationPrepareRequestSchema,
  DonationRecordedSchema,
  DonationRecordRequestSchema,
  DonationTotalsSchema,
  ImpUidSchema,
  MerchantUidSchema,
  TestCheckoutRequestSchema,
  TestCheckoutResultSchema,
  VALIDATION_MESSAGES,
  PageQuerySchema,
} from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { errorResponses } from '../errors/error-responses';
import { MEMBER_ONLY, requireUser } from '../plugins/session';
import { readMultipart } from '../plugins/multipart';
import { PAGE_DOC, sendPage } from '../upstream/paging';

const tags = ['donations'];

/** A form's fields (always text) as the JSON body would carry them: whole-number fields as numbers. */
function formFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const key of ['amount', 'abandonedPetId']) {
    const v = fields[key]?.trim();
    if (v !== undefined && /^\d{1,15}$/.test(v)) out[key] = Number(v);
  }
  return out;
}

/** Card donations to a stray (spec §5 Donation, §7 Adoption and donation; legacy-contract §3.2, §10). */
export const donationRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const donations = app.gateways.donations;
  const testPayments = !app.config.portoneMerchantCode;

  r.post(
    '/api/abandoned/donation/prepare',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '후원 준비',
        description:
          '로그인 필요. 결제 전에 주문 번호(`donation_` + 타임스탬프)의 금액을 서버에 정해 둡니다. 결제 확인 때 이 금액과 다르면 기록하지 않습니다(레거시 서버에는 이 단계가 없어 전달하지 않음).',
        body: DonationPrepareRequestSchema,
        response: {
          200: z.object({ ok: z.literal(true), merchantUid: MerchantUidSchema, amount: z.number().int() }),
          ...errorResponses(400, 401, 404, 409, 501, 502, 504),
        },
      },
    },
    async (request) => {
      await requireUser(request);
      return donations.prepare(request, request.body);
    },
  );

  r.post(
    '/api/abandoned/donation/test-checkout',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '테스트 결제 (내장 테스트 결제 모드 전용)',
        description:
          '`/api/config`의 `payments.mode`가 `test`일 때만: 실제 돈이 오가지 않는 결제를 승인(`paid`) 또는 실패(`failed`)로 만듭니다. 답은 IMP.request_pay의 응답 모양입니다.',
        body: TestCheckoutRequestSchema,
        response: { 200: TestCheckoutResultSchema, ...errorResponses(400, 401, 404, 501, 502, 504) },
      },
    },
    async (request) => {
      if (!testPayments) throw new BffError(404, 'NOT_FOUND');
      await requireUser(request);
      return donations.testCheckout(request, request.body);
    },
  );

  r.get(
    '/api/abandoned/donation/my-donations',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 후원 내역',
        description: `로그인 필요. 본인의 후원만 최신순으로. 금액은 숫자(원), 시각은 ISO, 사진은 BFF의 \`/uploads/…\`, 이름이 없으면 대신 부르는 이름. ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: DonationHistorySchema, ...errorResponses(400, 401, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return sendPage(reply, await donations.mine(request, request.query));
    },
  );

  r.get(
    '/api/abandoned/donation/totals',
    {
      schema: {
        tags,
        summary: '유기견별 후원 합계',
        description: '공개. 입양 목록 카드에 보이는 지금까지의 후원 합계. 레거시 서버에는 없어 `available: false`.',
        response: { 200: DonationTotalsSchema, ...errorResponses(502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await donations.totals(request)),
  );

  // Its own context: only this route reads forms (the others stay JSON-only).
  await app.register(async (sub) => {
    sub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, formFields(Object.fromEntries(new URLSearchParams(String(body)))));
    });
    sub.withTypeProvider<ZodTypeProvider>().post(
      '/api/abandoned/donation/:impUid',
      {
        config: MEMBER_ONLY,
        schema: {
          tags,
          summary: '후원 결제 기록',
          description:
            '로그인 필요. 결제 뒤 결제 정보를 보내면 서버가 결제사에 확인한 뒤(결제 완료, 준비한 금액과 같은 금액, 같은 주문 번호) 한 번만 기록합니다. 후원자는 언제나 로그인한 회원입니다(`userName`은 받지 않음). 확인 실패는 400 PAYMENT_NOT_VERIFIED, 이미 기록된 결제는 409 DONATION_ALREADY_RECORDED, 서버가 기록했는지 알 수 없는 결제는 502 PAYMENT_STATE_UNKNOWN(다시 보내도 409 PAYMENT_STATE_UNKNOWN: 두 번 기록되지 않도록), 후원을 받을 수 없는 배포(`/api/config`의 `donations`가 false)는 501. JSON 또는 폼(application/x-www-form-urlencoded, multipart 필드)으로 보낼 수 있습니다.',
          params: z.object({ impUid: ImpUidSchema }),
          body: DonationRecordRequestSchema,
          consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
          response: { 200: DonationRecordedSchema, ...errorResponses(400, 401, 404, 409, 501, 502, 504) },
        },
        // Spec §7 "sends a form" (the legacy binds form or multipart fields): read either into the JSON shape.
        preValidation: async (request) => {
          if (request.isMultipart()) (request as { body: unknown }).body = formFields((await readMultipart(request, [])).fields);
        },
      },
      async (request) => {
        const user = await requireUser(request);
        if (request.params.impUid !== request.body.impUid)
          throw new BffError(400, 'VALIDATION_FAILED', undefined, { impUid: VALIDATION_MESSAGES.invalid ?? 'invalid' });
        return donations.record(request, user, request.body);
      },
    );
  });
};
