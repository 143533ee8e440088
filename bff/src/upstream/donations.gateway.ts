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
import { BffError } from '../errors/bff-error';
import { normaliseDonationList } from '../normalisers/donation.normaliser';
import { isOk, toBffError, upstreamMessage, type UpstreamClient, type UpstreamResponse } from './client';
import { donationErrorOf, donationsUpstream } from './donations.upstream';
import { pageFrom, type Page } from './paging';

/**
 * A refused record call → the envelope. Both upstreams answer 400 with a
 * Korean sentence (not paid, amount mismatch, unknown payment, ...): that is
 * passed on as the message of PAYMENT_NOT_VERIFIED. A replay is 409.
 */
export function recordFailure(res: UpstreamResponse): BffError {
  const reason = donationErrorOf(res);
  if (res.status === 409) return new BffError(409, 'DONATION_ALREADY_RECORDED');
  if (res.status === 400) return new BffError(400, 'PAYMENT_NOT_VERIFIED', upstreamMessage(res));
  if (res.status === 404 && reason === 'STRAY_NOT_FOUND') return new BffError(404, 'NOT_FOUND', upstreamMessage(res));
  return toBffError(res);
}

/** Donations (spec §7 Adoption and donation); the donor is always the session's member. */
export interface DonationsGateway {
  prepare(request: FastifyRequest, body: DonationPrepareRequest): Promise<{ ok: true; merchantUid: string; amount: number }>;
  record(request: FastifyRequest, user: SessionUser, body: DonationRecordRequest): Promise<DonationRecorded>;
  /** One page of the caller's donations, newest first. */
  mine(request: FastifyRequest, page: PageQuery): Promise<Page<DonationHistoryItem>>;
  totals(request: FastifyRequest): Promise<DonationTotals>;
  testCheckout(request: FastifyRequest, body: TestCheckoutRequest): Promise<TestCheckoutResult>;
}

/** The record and history calls both upstreams answer alike. */
export abstract class SharedDonationsGateway implements DonationsGateway {
  protected readonly up;
  constructor(client: UpstreamClient) {
    this.up = donationsUpstream(client);
  }

  abstract prepare(request: FastifyRequest, body: DonationPrepareRequest): Promise<{ ok: true; merchantUid: string; amount: number }>;
  abstract totals(request: FastifyRequest): Promise<DonationTotals>;
  abstract testCheckout(request: FastifyRequest, body: TestCheckoutRequest): Promise<TestCheckoutResult>;

  /** The legacy's client-chosen `userName` is always the caller's login id here. */
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

  async mine(request: FastifyRequest, page: PageQuery): Promise<Page<DonationHistoryItem>> {
    const res = await this.up.myDonations(request, page);
    if (!isOk(res)) throw toBffError(res);
    return this.withStrayIds(request, pageFrom(res, normaliseDonationList(res.json), page));
  }

  /** Fills in the stray ids an upstream leaves out (the legacy's). */
  protected async withStrayIds(_request: FastifyRequest, page: Page<DonationHistoryItem>): Promise<Page<DonationHistoryItem>> {
    return page;
  }
}
