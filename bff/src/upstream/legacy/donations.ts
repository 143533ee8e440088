import type { FastifyRequest } from 'fastify';
import type { DonationHistoryItem, DonationPrepareRequest, DonationTotals, TestCheckoutResult } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { withStrays } from '../../normalisers/donation.normaliser';
import { normaliseStrayList } from '../../normalisers/stray.normaliser';
import { isOk } from '../client';
import { SharedDonationsGateway } from '../donations.gateway';
import type { Page } from '../paging';

/** Donations in front of the legacy Spring service: no prepare step, no totals, no test checkout, no stray ids in the history. */
export class LegacyDonationsGateway extends SharedDonationsGateway {
  /** Nothing to send: the legacy compares the client's own amount. */
  async prepare(_request: FastifyRequest, body: DonationPrepareRequest): Promise<{ ok: true; merchantUid: string; amount: number }> {
    return { ok: true, merchantUid: body.merchantUid, amount: body.amount };
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
