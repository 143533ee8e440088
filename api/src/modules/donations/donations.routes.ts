import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  decimalText,
  DonationPrepareRequestSchema,
  ImpUidSchema,
  MerchantUidSchema,
  pageWindowFrom,
  TestCheckoutRequestSchema,
  TOTAL_COUNT_HEADER,
  DEFAULT_ERROR_MESSAGES,
} from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { requireUser } from '../../lib/auth';
import { ApiHttpError, bootError } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { DONATION_TEXT, DonationError, DonationsService } from './donations.service';

/** The machine-readable reason of a donation failure, next to the legacy's text body. */
export const DONATION_ERROR_HEADER = 'x-donation-error';

// The legacy binds these as query or form fields (@ModelAttribute); numbers arrive as text.
const RecordFieldsSchema = z.object({
  impUid: ImpUidSchema,
  merchantUid: MerchantUidSchema,
  // Plain decimals only: z.coerce would also take "", " ", "0x10" and "1e3" (Number() reads them all).
  amount: z.preprocess(decimalText, z.number().int().positive()),
  paymentMethod: z.string().trim().min(1).max(30).default('card'),
  abandonedPetId: z.preprocess(decimalText, z.number().int().positive()),
  // `userName` may be sent (the legacy's client does) and is ignored: the donor is the session's member.
});

const INVALID = '잘못된 요청입니다.';

/** Query fields, plus form fields when the body is multipart (the legacy reads either). */
async function formFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = { ...(request.query as Record<string, string>) };
  if (
    !String(request.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('multipart/')
  )
    return fields;
  const body = await readMultipart(request, { files: [], fail: (message) => message });
  return { ...fields, ...body.fields };
}

const text = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/plain; charset=utf-8').send(body);
const fail = (reply: FastifyReply, err: DonationError) => text(reply.header(DONATION_ERROR_HEADER, err.code), err.status, err.text);

/** Sends a DonationError as the legacy's text answer; anything else goes to the central handler. */
async function answer<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DonationError) return fail(reply, err);
    throw err;
  }
}

/**
 * Donations on the legacy paths (legacy-contract §3.2, §10) with the holes closed,
 * plus a prepare step, per-stray totals and (embedded mode only) the test checkout.
 * docs/decisions/0012-donations-verified-payments.md
 */
/** The largest test-gateway payment (₩): the demo's quick amounts and then some, never a typo's millions. */
export const TEST_PAYMENT_MAX_AMOUNT = 100_000;

export const donationsModule: ApiModule = async (app, ctx) => {
  // Throws under NODE_ENV=production without PortOne credentials: the api refuses to start.
  const donations = new DonationsService(ctx, app.log);
  if (donations.gateway.kind === 'test')
    app.log.warn('donations: PortOne is not configured — the embedded TEST payment gateway verifies donations (no money moves)');

  app.post('/api/abandoned/donation/prepare', async (request, reply) => {
    const user = requireUser(request, DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED);
    const parsed = DonationPrepareRequestSchema.safeParse(request.body);
    if (!parsed.success) return fail(reply, new DonationError(400, 'INVALID', INVALID));
    const { merchantUid, amount, abandonedPetId } = parsed.data;
    return answer(reply, () => donations.prepare({ donorPk: user.pk, strayId: abandonedPetId, merchantUid, amount }));
  });

  /** Embedded mode only: what the PortOne payment window would do, approved or failed on request. */
  app.post('/api/abandoned/donation/test-checkout', async (request, reply) => {
    requireUser(request, DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED);
    const parsed = TestCheckoutRequestSchema.safeParse(request.body);
    // No money moves, but test payments count in the public totals: one is capped (issue 24 item 16),
    // and each is a member write (lib/write-limit.ts counts them).
    if (!parsed.success || parsed.data.amount > TEST_PAYMENT_MAX_AMOUNT) return fail(reply, new DonationError(400, 'INVALID', INVALID));
    return donations.testCheckout(parsed.data) ?? text(reply, 404, 'Not Found');
  });

  /** Only the caller's donations, newest first (anonymous: 401; the legacy answered []); ?page&size, total in X-Total-Count. */
  app.get('/api/abandoned/donation/my-donations', async (request, reply) => {
    const user = requireUser(request, DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED);
    const page = pageWindowFrom(request.query);
    if (!page.ok) throw new ApiHttpError(400, bootError(400, 'Bad Request', '/api/abandoned/donation/my-donations', page.message));
    const { rows, total } = await donations.myDonations(user.pk, page.window);
    return reply.header('cache-control', 'no-store').header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  /** Public: paid total per stray (not in the legacy). */
  app.get('/api/abandoned/donation/totals', async () => donations.totals());

  /** The `{impUid}` segment is informative, as in the legacy; the `impUid` field decides, and they must agree. */
  app.post<{ Params: { impUid: string } }>('/api/abandoned/donation/:impUid', async (request, reply) => {
    const user = requireUser(request, DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED);
    const parsed = RecordFieldsSchema.safeParse(await formFields(request));
    if (!parsed.success || request.params.impUid !== parsed.data.impUid) return fail(reply, new DonationError(400, 'INVALID', INVALID));
    const { impUid, merchantUid, abandonedPetId, paymentMethod } = parsed.data;
    return answer(reply, async () => {
      const saved = await donations.record({
        donor: { pk: user.pk, userId: user.userId },
        impUid,
        merchantUid,
        strayId: abandonedPetId,
        paymentMethod,
      });
      return text(
        reply.header('x-donation-id', String(saved.id)).header('x-donation-amount', String(saved.amount)),
        200,
        DONATION_TEXT.recorded,
      );
    });
  });
};
