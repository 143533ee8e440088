import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type {
  DonationHistoryItem,
  DonationPrepareRequest,
  DonationRecorded,
  DonationRecordRequest,
  DonationTotals,
  SessionUser,
  TestCheckoutResult,
} from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { withStrays } from '../../normalisers/donation.normaliser';
import { normaliseStrayList } from '../../normalisers/stray.normaliser';
import { isOk, toBffError, upstreamMessage, type UpstreamClient, type UpstreamResponse } from '../client';
import { SharedDonationsGateway } from '../donations.gateway';
import type { Page } from '../paging';
import type { PaymentClaims } from './payment-claims';

/** The fields of a legacy report form (public list) or search document that name one dog. */
const DogFieldsSchema = z.object({
  id: z.number().int(),
  type: z.string().nullish(),
  gender: z.string().nullish(),
  foundDate: z.string().nullish(),
  foundTime: z.string().nullish(),
  location: z.string().nullish(),
});
type DogFields = z.infer<typeof DogFieldsSchema>;
const sameDog = (a: DogFields, b: DogFields) =>
  (['type', 'gender', 'foundDate', 'foundTime', 'location'] as const).every((k) => (a[k] ?? null) === (b[k] ?? null));

const listOf = (res: UpstreamResponse): DogFields[] => {
  const parsed = z.array(z.unknown()).safeParse(res.json);
  if (!parsed.success) throw new BffError(502, 'UPSTREAM_BAD_RESPONSE');
  return parsed.data.flatMap((item) => {
    const dog = DogFieldsSchema.safeParse(item);
    return dog.success ? [dog.data] : [];
  });
};

const unresolved = () => BffError.because(409, 'INVALID_STATE', 'DONATION_TARGET_UNRESOLVED');
const unsupported = () => BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'DONATIONS_UNSUPPORTED');

export interface LegacyDonationsOptions {
  /** PortOne's merchant code: without one the legacy (no test gateway) cannot take a payment, so donations are off. */
  merchantCode: string | undefined;
  /** The imp_uid guard the legacy lacks. */
  claims: PaymentClaims;
}

/**
 * Donations in front of the legacy Spring service: no prepare step, no
 * totals, no test checkout, no stray ids in the history — and three holes
 * closed here (legacy-contract §3.2, §10, §14.8):
 *   - it joins a donation on its AbandonedPet id, not the report id every list
 *     shows: the BFF translates (public list → the same dog in the search
 *     index, which alone names AbandonedPet ids) or refuses before payment;
 *   - it records a replayed imp_uid again: the BFF claims each imp_uid once;
 *   - its 500 on the payment lookup may follow a stored row: "state unknown",
 *     never "try again".
 */
export class LegacyDonationsGateway extends SharedDonationsGateway {
  constructor(
    client: UpstreamClient,
    private readonly opts: LegacyDonationsOptions,
  ) {
    super(client);
  }

  /** Nothing to send (the legacy compares the client's own amount), but the dog must be one the legacy will join. */
  async prepare(request: FastifyRequest, body: DonationPrepareRequest): Promise<{ ok: true; merchantUid: string; amount: number }> {
    if (!this.opts.merchantCode) throw unsupported();
    await this.legacyPetId(request, body.abandonedPetId);
    return { ok: true, merchantUid: body.merchantUid, amount: body.amount };
  }

  override async record(request: FastifyRequest, user: SessionUser, body: DonationRecordRequest): Promise<DonationRecorded> {
    if (!this.opts.merchantCode) throw unsupported();
    const petId = await this.legacyPetId(request, body.abandonedPetId);
    const held = await this.opts.claims.claim(body.impUid);
    if (held === 'unknown') throw new BffError(409, 'PAYMENT_STATE_UNKNOWN');
    if (held) throw new BffError(409, 'DONATION_ALREADY_RECORDED');

    let res: UpstreamResponse;
    try {
      res = await this.up.record(request, { ...body, abandonedPetId: petId }, user.userId);
    } catch (err) {
      // Sent, no answer: the legacy may have stored it.
      await this.opts.claims.settle(body.impUid, 'unknown');
      throw err instanceof BffError && err.status === 504
        ? new BffError(504, 'PAYMENT_STATE_UNKNOWN')
        : new BffError(502, 'PAYMENT_STATE_UNKNOWN');
    }
    if (isOk(res)) {
      await this.opts.claims.settle(body.impUid, 'recorded');
      return { ok: true, message: upstreamMessage(res) ?? '', impUid: body.impUid, amount: body.amount };
    }
    if (res.status >= 500) {
      // "결제 검증 중 오류가 생겼습니다." covers the Iamport lookup and the insert alike (any exception).
      await this.opts.claims.settle(body.impUid, 'unknown');
      throw new BffError(502, 'PAYMENT_STATE_UNKNOWN');
    }
    // A refusal (not paid, amount mismatch) or a lost session stored nothing.
    await this.opts.claims.release(body.impUid);
    if (res.status === 400) throw new BffError(400, 'PAYMENT_NOT_VERIFIED', upstreamMessage(res));
    throw toBffError(res);
  }

  /**
   * The legacy's AbandonedPet id for the report id the lists show. The dog
   * must be on the public list (PROTECTING or WAITING); the search index
   * (AbandonedPet ids, no report id) is asked for its location and the one
   * document with the same breed, sex, found date, time and place is it.
   * None or several (an index that is down, stale or capped at 10 hits
   * without it, two identical reports): refused, so no money is recorded
   * against another dog or none.
   */
  private async legacyPetId(request: FastifyRequest, reportId: number): Promise<number> {
    const list = await this.up.strays(request);
    if (!isOk(list)) throw toBffError(list);
    const report = listOf(list).find((s) => s.id === reportId);
    if (!report) throw BffError.because(404, 'NOT_FOUND', 'STRAY_NOT_LISTED');
    const search = await this.up.search(request, report.location ?? undefined);
    if (!isOk(search)) throw unresolved();
    const same = listOf(search).filter((d) => sameDog(d, report));
    if (same.length !== 1 || !same[0]) throw unresolved();
    return same[0].id;
  }

  /** The legacy keeps no totals: the cards then show none. */
  async totals(): Promise<DonationTotals> {
    return { available: false, totals: [] };
  }

  async testCheckout(): Promise<TestCheckoutResult> {
    throw new BffError(501, 'UPSTREAM_UNSUPPORTED');
  }

  /** The legacy's items name no list id: each stray is found on the list by its photo. */
  protected override async withStrayIds(request: FastifyRequest, page: Page<DonationHistoryItem>): Promise<Page<DonationHistoryItem>> {
    if (page.items.every((d) => d.abandonedPetId !== null)) return page;
    const strays = await this.up.strays(request).then(
      (r) => (isOk(r) ? normaliseStrayList(r.json) : []),
      () => [],
    );
    return { items: withStrays(page.items, strays), total: page.total };
  }
}
