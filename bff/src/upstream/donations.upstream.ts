import type { FastifyRequest } from 'fastify';
import type { DonationPrepareRequest, DonationRecordRequest, PageQuery, TestCheckoutRequest } from '@pawbridge/shared';
import type { UpstreamClient, UpstreamResponse } from './client';
import { withPage } from './paging';

/** Our api's machine-readable reason next to its (legacy-style) text body; the legacy sends none. */
export const DONATION_ERROR_HEADER = 'x-donation-error';
export const donationErrorOf = (res: UpstreamResponse): string | null => res.headers.get(DONATION_ERROR_HEADER);

/** Donation calls on the legacy paths (legacy-contract §3.2, §10) plus our api's prepare, totals and test checkout. */
export const donationsUpstream = (client: UpstreamClient) => ({
  /** Our api only: fixes the amount for the merchant uid before the payment. */
  prepare: (from: FastifyRequest, body: DonationPrepareRequest) =>
    client.request('POST', '/api/abandoned/donation/prepare', { from, json: body }),
  /**
   * The legacy binds form fields (a JSON body is not read) and takes `userName`
   * as the donor; the caller passes the session's login id, never the browser's.
   */
  record: (from: FastifyRequest, body: DonationRecordRequest, donorLoginId: string) => {
    const form = new FormData();
    form.append('impUid', body.impUid);
    form.append('merchantUid', body.merchantUid);
    form.append('amount', String(body.amount));
    form.append('userName', donorLoginId);
    form.append('paymentMethod', body.paymentMethod);
    form.append('abandonedPetId', String(body.abandonedPetId));
    return client.request('POST', `/api/abandoned/donation/${encodeURIComponent(body.impUid)}`, { from, form });
  },
  myDonations: (from: FastifyRequest, page?: PageQuery) =>
    client.request('GET', '/api/abandoned/donation/my-donations', { from, ...withPage(page) }),
  /** Our api only. */
  totals: (from: FastifyRequest) => client.request('GET', '/api/abandoned/donation/totals', { from }),
  /** Our api's embedded test gateway only. */
  testCheckout: (from: FastifyRequest, body: TestCheckoutRequest) =>
    client.request('POST', '/api/abandoned/donation/test-checkout', { from, json: body }),
  /** The public stray list: names and report ids for the legacy's history items. */
  strays: (from: FastifyRequest) => client.request('GET', '/api/abandoned/abandoned-pets', { from }),
  /** The legacy's search index: the only answer naming AbandonedPet ids (the ids its donation join uses). */
  search: (from: FastifyRequest, location: string | undefined) =>
    client.request('GET', '/api/abandoned/abandoned-pets/search', { from, query: { location } }),
});
