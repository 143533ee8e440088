import type { FastifyBaseLogger } from 'fastify';
import type { PageWindow } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { domainEvent } from '../../events';
import { createPaymentGateway, TestPaymentGateway, type PaymentGateway } from '../../integrations/payments';
import { DonationsRepository } from './donations.repository';

/**
 * Why a donation call failed: the status, the legacy's text body (legacy-contract §3.2)
 * and a stable code the api also sends in `x-donation-error` for gateways.
 */
export class DonationError extends Error {
  constructor(
    readonly status: number,
    readonly code: DonationErrorCode,
    readonly text: string,
  ) {
    super(text);
  }
}

export type DonationErrorCode =
  | 'INVALID'
  | 'STRAY_NOT_FOUND'
  | 'ORDER_CONFLICT'
  | 'NOT_PREPARED'
  | 'ALREADY_RECORDED'
  | 'PAYMENT_NOT_FOUND'
  | 'MERCHANT_MISMATCH'
  | 'NOT_PAID'
  | 'AMOUNT_MISMATCH'
  | 'GATEWAY_UNAVAILABLE'
  | 'CANCELLED'
  | 'RECONCILE';

export const DONATION_TEXT = {
  recorded: '후원 결제가 성공적으로 저장되었습니다.',
  prepared: '후원 준비가 완료되었습니다.',
  notPaid: '후원 결제가 완료되지 않았습니다.',
  amountMismatch: '결제 금액이 일치하지 않습니다.',
  verifyFailed: '결제 검증 중 오류가 생겼습니다.',
  historyFailed: '후원내역 조회 중 오류가 생겼습니다.',
  strayNotFound: '유기견 없음',
  notPrepared: '후원 준비 정보가 없습니다.',
  orderConflict: '이미 사용된 주문 번호입니다.',
  alreadyRecorded: '이미 기록된 결제입니다.',
  paymentNotFound: '결제 정보를 찾을 수 없습니다.',
  merchantMismatch: '주문 번호가 결제와 일치하지 않습니다.',
  cancelled: '후원을 기록하지 못해 결제를 취소했습니다.',
  testDeclined: '테스트 결제가 거절되었습니다.',
} as const;

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export interface RecordInput {
  donor: { pk: number; userId: string };
  impUid: string;
  merchantUid: string;
  strayId: number;
  paymentMethod: string;
}

/**
 * Donations: prepare the amount, verify the payment with the gateway, record it
 * once; the caller's history and per-stray totals. Built once per api; the
 * payment gateway is PortOne, or the embedded test gateway (which refuses
 * NODE_ENV=production, so the api then does not start).
 */
export class DonationsService {
  private readonly repo: DonationsRepository;
  readonly gateway: PaymentGateway;

  constructor(
    private readonly ctx: Pick<ApiContext, 'db' | 'config' | 'events'>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new DonationsRepository(ctx.db);
    this.gateway = createPaymentGateway(ctx.config);
  }

  /** Fix the amount for a merchant uid before the payment, so a tampered amount is caught at verification. */
  async prepare(input: { donorPk: number; strayId: number; merchantUid: string; amount: number }) {
    if (!(await this.repo.findDonatableStray(input.strayId))) throw new DonationError(404, 'STRAY_NOT_FOUND', DONATION_TEXT.strayNotFound);
    const stored = await this.repo.insertOrder(input);
    // Asking again for the same order is fine; someone else's (or a changed) order is not.
    if (stored.donorPk !== input.donorPk || stored.strayId !== input.strayId || stored.amount !== input.amount) {
      throw new DonationError(409, 'ORDER_CONFLICT', DONATION_TEXT.orderConflict);
    }
    return { merchantUid: stored.merchantUid, amount: stored.amount, abandonedPetId: stored.strayId };
  }

  /** Embedded mode only (null otherwise): what the PortOne payment window would do, approved or failed on request. */
  testCheckout(input: { merchantUid: string; amount: number; outcome: 'paid' | 'failed' }) {
    if (!(this.gateway instanceof TestPaymentGateway)) return null;
    const p = this.gateway.checkout(input);
    return {
      success: p.status === 'paid',
      imp_uid: p.impUid,
      merchant_uid: p.merchantUid,
      error_msg: p.status === 'paid' ? null : DONATION_TEXT.testDeclined,
    };
  }

  /**
   * Verify a payment with the gateway, then record it once. The amount recorded is
   * the one prepared for the merchant uid and confirmed by the gateway; the client's
   * amount and name are never trusted. A payment that was taken but cannot be
   * recorded is refunded, or logged for reconciliation when even that fails.
   */
  async record(input: RecordInput) {
    const { gateway, log } = this;
    const order = await this.repo.findOrder(input.merchantUid);
    if (!order || order.donorPk !== input.donor.pk || order.strayId !== input.strayId)
      throw new DonationError(400, 'NOT_PREPARED', DONATION_TEXT.notPrepared);
    // Cheap refusal of a plain replay; the unique indexes below catch the concurrent ones.
    if (await this.repo.isRecorded(input.impUid, input.merchantUid))
      throw new DonationError(409, 'ALREADY_RECORDED', DONATION_TEXT.alreadyRecorded);

    let payment;
    try {
      payment = await gateway.getPayment(input.impUid);
    } catch (err) {
      log.error({ err, impUid: input.impUid }, 'donation: payment gateway lookup failed');
      throw new DonationError(502, 'GATEWAY_UNAVAILABLE', DONATION_TEXT.verifyFailed);
    }
    if (!payment) throw new DonationError(400, 'PAYMENT_NOT_FOUND', DONATION_TEXT.paymentNotFound);
    // Another order's payment (someone else's, perhaps): refuse, but it is not ours to refund.
    if (payment.merchantUid !== order.merchantUid) throw new DonationError(400, 'MERCHANT_MISMATCH', DONATION_TEXT.merchantMismatch);
    if (payment.status !== 'paid') throw new DonationError(400, 'NOT_PAID', DONATION_TEXT.notPaid);

    const refund = async (reason: string, context: Record<string, unknown>) => {
      try {
        await gateway.cancel(payment.impUid, reason);
        log.warn(
          { ...context, impUid: payment.impUid, merchantUid: payment.merchantUid, amount: payment.amount },
          'donation: payment refunded',
        );
        return true;
      } catch (err) {
        // Money was taken and nothing is recorded: an operator must settle this by hand.
        log.error(
          {
            ...context,
            err,
            impUid: payment.impUid,
            merchantUid: payment.merchantUid,
            amount: payment.amount,
            donorPk: input.donor.pk,
            strayId: input.strayId,
            reconcile: true,
          },
          'donation: RECONCILE — paid, not recorded, refund failed',
        );
        return false;
      }
    };

    if (payment.amount !== order.amount) {
      await refund('결제 금액 불일치', { expected: order.amount });
      throw new DonationError(400, 'AMOUNT_MISMATCH', DONATION_TEXT.amountMismatch);
    }

    let saved;
    try {
      saved = await this.repo.transaction(async (repo) => {
        if (!(await repo.findDonatableStray(order.strayId))) throw new DonationError(404, 'STRAY_NOT_FOUND', DONATION_TEXT.strayNotFound);
        return repo.insertDonation({
          impUid: payment.impUid,
          merchantUid: order.merchantUid,
          donorPk: input.donor.pk,
          donorLoginId: input.donor.userId,
          strayId: order.strayId,
          amount: payment.amount,
          paymentMethod: payment.payMethod ?? input.paymentMethod,
          gateway: gateway.kind,
        });
      });
    } catch (err) {
      // A concurrent replay recorded it first: that record stands, nothing to refund.
      if (isUniqueViolation(err)) throw new DonationError(409, 'ALREADY_RECORDED', DONATION_TEXT.alreadyRecorded);
      const known = err instanceof DonationError;
      const refunded = await refund('후원 기록 실패', known ? { why: err.code } : { err, why: 'database' });
      if (known) throw refunded ? err : new DonationError(500, 'RECONCILE', DONATION_TEXT.verifyFailed);
      throw refunded
        ? new DonationError(500, 'CANCELLED', DONATION_TEXT.cancelled)
        : new DonationError(500, 'RECONCILE', DONATION_TEXT.verifyFailed);
    }
    // After the commit: nobody hears of a donation that was rolled back.
    await this.ctx.events.publish(
      domainEvent('donation.recorded', { donationId: saved.id, donorPk: input.donor.pk, amount: payment.amount }),
    );
    return { id: saved.id, amount: payment.amount, impUid: payment.impUid };
  }

  /** The caller's donations, newest first, in the legacy's item shape plus name and payment details. */
  async myDonations(donorPk: number, w: PageWindow) {
    const { rows, total } = await this.repo.listByDonor(donorPk, w);
    return { rows: rows.map((r) => ({ ...r, abandonedPetId: r.petId, donatedAt: new Date(r.donatedAt).toISOString() })), total };
  }

  async totals() {
    return (await this.repo.totalsByStray()).map((r) => ({
      abandonedPetId: r.strayId as number,
      totalAmount: Number(r.totalAmount),
      donationCount: Number(r.donationCount),
    }));
  }
}
