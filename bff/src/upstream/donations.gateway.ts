import type { FastifyRequest } from 'fastify';
import type {
  DonationHistoryItem,
  DonationPrepareRequest,
  PageQuery,
  DonationRecorded,
  DonationRecordRequest,
  DonationTotals,
  SessionUser,
  TestCheckoutRequest,
  TestCheckoutResult,
} from '@pawbridge/shared';
import { TestCheckoutResultSchema } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normaliseDonationList, normaliseTotals, withStrays } from '../normalisers/donation.normaliser';
import { normaliseStrayList } from '../normalisers/stray.normaliser';
import { isOk, toBffError, upstreamMessage, type UpstreamClient, type UpstreamResponse } from './client';
import { donationErrorOf, donationsUpstream } from './donations.upstream';
import { pageFrom, type Page } from './paging';

/**
 * A refused record call → the envelope. Both upstreams answer 400 with a
 * Korean sentence (not paid, amount mismatch, unknown payment, ...): that is
 * passed on as the message of PAYMENT_NOT_VERIFIED. A replay is 409.
 */
function recordFailure(res: UpstreamResponse): BffError {
  const reason = donationErrorOf(res);
  if (res.status === 409) return new BffError(409, 'DONATION_ALREADY_RECORDED');
  if (res.status === 400) return new BffError(400, 'PAYMENT_NOT_VERIFIED', upstreamMessage(res));
  if (res.status === 404 && reason === 'STRAY_NOT_FOUND') return new BffError(404, 'NOT_FOUND', upstreamMessage(res));
  return toBffError(res);
}

/** Donations against either upstream (spec §7 Adoption and donation). */
export class DonationsGateway {
  private readonly up;
  constructor(
    client: UpstreamClient,
    private readonly kind: 'api' | 'legacy',
  ) {
    this.up = donationsUpstream(client);
  }

  /** The legacy has no prepare step (it compares the client's own amount); nothing to send there. */
  async prepare(request: FastifyRequest, body: DonationPrepareRequest): Promise<{ ok: true; merchantUid: string; amount: number }> {
    if (this.kind === 'api') {
      const res = await this.up.prepare(request, body);
      if (!isOk(res)) throw res.status === 404 ? new BffError(404, 'NOT_FOUND', upstreamMessage(res)) : toBffError(res);
    }
    return { ok: true, merchantUid: body.merchantUid, amount: body.amount };
  }

  /** The donor is the session's member: the legacy's client-chosen `userName` is always the caller's login id here. */
  async record(request: FastifyRequest, user: SessionUser, body: DonationRecordRequest): Promise<DonationRecorded> {
    const res = await this.up.record(request, body, user.userId);
    if (!isOk(res)) throw recordFailure(res);
    const amount = Number(res.headers.get('x-donation-amount') ?? body.amount);
    return {
      ok: true,
      message: upstreamMessage(res) ?? '',
      impUid: body.impUid,
      amount: Number.isSafeInteger(amount) ? amount : body.amount,
    };
  }

  /** One page of the caller's donations, newest first: our api pages them, the legacy's whole list is cut here. */
  async mine(request: FastifyRequest, page: PageQuery): Promise<Page<DonationHistoryItem>> {
    const res = await this.up.myDonations(request, page);
    if (!isOk(res)) throw toBffError(res);
    const { items, total } = pageFrom(res, normaliseDonationList(res.json), page);
    if (this.kind === 'api' || items.every((d) => d.abandonedPetId !== null)) return { items, total };
    // The legacy's items name no list id: find each stray on the list by its photo.
    const strays = await this.up.strays(request).then(
      (r) => (isOk(r) ? normaliseStrayList(r.json) : []),
      () => [],
    );
    return { items: withStrays(items, strays), total };
  }

  /** The legacy keeps no totals: the cards then show none. */
  async totals(request: FastifyRequest): Promise<DonationTotals> {
    if (this.kind === 'legacy') return { available: false, totals: [] };
    const res = await this.up.totals(request);
    if (!isOk(res)) throw toBffError(res);
    return { available: true, totals: normaliseTotals(res.json) };
  }

  async testCheckout(request: FastifyRequest, body: TestCheckoutRequest): Promise<TestCheckoutResult> {
    if (this.kind === 'legacy') throw new BffError(501, 'UPSTREAM_UNSUPPORTED');
    const res = await this.up.testCheckout(request, body);
    if (!isOk(res)) throw res.status === 404 ? new BffError(404, 'NOT_FOUND') : toBffError(res);
    const parsed = TestCheckoutResultSchema.safeParse(res.json);
    if (!parsed.success) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return parsed.data;
  }
}
