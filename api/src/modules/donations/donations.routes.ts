import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DonationPrepareRequestSchema, ImpUidSchema, MerchantUidSchema, TestCheckoutRequestSchema } from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { requireUser } from '../../lib/auth';
import { createPaymentGateway, TestPaymentGateway } from '../../integrations/payments';
import { DONATION_TEXT, DonationError, myDonations, prepare, record, totals } from './donations.service';

/** The machine-readable reason of a donation failure, next to the legacy's text body. */
export const DONATION_ERROR_HEADER = 'x-donation-error';

// The legacy binds these as query or form fields (@ModelAttribute); numbers arrive as text.
const RecordFieldsSchema = z.object({
  impUid: ImpUidSchema,
  merchantUid: MerchantUidSchema,
  amount: z.coerce.number().int().positive(),
  paymentMethod: z.string().trim().min(1).max(30).default('card'),
  abandonedPetId: z.coerce.number().int().positive(),
  // `userName` may be sent (the legacy's client does) and is ignored: the donor is the session's member.
});

async function formFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = { ...(request.query as Record<string, string>) };
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'field' && typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  }
  return fields;
}

const fail = (reply: FastifyReply, err: DonationError) => reply.code(err.status).header(DONATION_ERROR_HEADER, err.code).type('text/plain; charset=utf-8').send(err.text);

const invalid = (reply: FastifyReply) => fail(reply, new DonationError(400, 'INVALID', '잘못된 요청입니다.'));

/**
 * Donations on the legacy paths (legacy-contract §3.2, §10) with the holes closed,
 * plus a prepare step, per-stray totals and (embedded mode only) the test checkout.
 */
export const donationsModule: ApiModule = async (app, ctx) => {
  // Throws under NODE_ENV=production without PortOne credentials: the api refuses to start.
  const gateway = createPaymentGateway(ctx.config);
  if (gateway.kind === 'test') app.log.warn('donations: PortOne is not configured — the embedded TEST payment gateway verifies donations (no money moves)');

  app.post('/api/abandoned/donation/prepare', async (request, reply) => {
    const user = requireUser(request, '로그인이 필요합니다.');
    const parsed = DonationPrepareRequestSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply);
    try {
      const order = await prepare(ctx.db, { donorPk: user.pk, strayId: parsed.data.abandonedPetId, merchantUid: parsed.data.merchantUid, amount: parsed.data.amount });
      return { merchantUid: order.merchantUid, amount: order.amount, abandonedPetId: order.strayId };
    } catch (err) {
      if (err instanceof DonationError) return fail(reply, err);
      throw err;
    }
  });

  /** Embedded mode only: what the PortOne payment window would do, approved or failed on request. */
  app.post('/api/abandoned/donation/test-checkout', async (request, reply) => {
    if (!(gateway instanceof TestPaymentGateway)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    requireUser(request, '로그인이 필요합니다.');
    const parsed = TestCheckoutRequestSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply);
    const p = gateway.checkout(parsed.data);
    return {
      success: p.status === 'paid',
      imp_uid: p.impUid,
      merchant_uid: p.merchantUid,
      error_msg: p.status === 'paid' ? null : '테스트 결제가 거절되었습니다.',
    };
  });

  /** Only the caller's donations, newest first (anonymous: 401; the legacy answered []). */
  app.get('/api/abandoned/donation/my-donations', async (request, reply) => {
    const user = requireUser(request, '로그인이 필요합니다.');
    reply.header('cache-control', 'no-store');
    return myDonations(ctx.db, user.pk);
  });

  /** Public: paid total per stray (not in the legacy). */
  app.get('/api/abandoned/donation/totals', async () => totals(ctx.db));

  /** The `{impUid}` segment is informative, as in the legacy; the `impUid` field decides, and they must agree. */
  app.post<{ Params: { impUid: string } }>('/api/abandoned/donation/:impUid', async (request, reply) => {
    const user = requireUser(request, '로그인이 필요합니다.');
    const parsed = RecordFieldsSchema.safeParse(await formFields(request));
    if (!parsed.success || request.params.impUid !== parsed.data.impUid) return invalid(reply);
    try {
      const saved = await record(
        { db: ctx.db, gateway, events: ctx.events, log: request.log },
        { donor: { pk: user.pk, userId: user.userId }, impUid: parsed.data.impUid, merchantUid: parsed.data.merchantUid, strayId: parsed.data.abandonedPetId, paymentMethod: parsed.data.paymentMethod },
      );
      return reply.header('x-donation-id', String(saved.id)).header('x-donation-amount', String(saved.amount)).type('text/plain; charset=utf-8').send(DONATION_TEXT.recorded);
    } catch (err) {
      if (err instanceof DonationError) return fail(reply, err);
      request.log.error({ err }, 'donation: unexpected failure');
      return reply.code(500).type('text/plain; charset=utf-8').send(DONATION_TEXT.verifyFailed);
    }
  });
};
