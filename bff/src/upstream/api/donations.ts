import type { FastifyRequest } from 'fastify';
import {
  TestCheckoutResultSchema,
  type DonationPrepareRequest,
  type DonationTotals,
  type TestCheckoutRequest,
  type TestCheckoutResult,
} from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { normaliseTotals } from '../../normalisers/donation.normaliser';
import { isOk, toBffError, upstreamMessage } from '../client';
import { SharedDonationsGateway } from '../donations.gateway';

/** Donations in front of our api: a prepare step, totals and the test checkout. */
export class ApiDonationsGateway extends SharedDonationsGateway {
  async prepare(request: FastifyRequest, body: DonationPrepareRequest): Promise<{ ok: true; merchantUid: string; amount: number }> {
    const res = await this.up.prepare(request, body);
    if (!isOk(res)) throw res.status === 404 ? new BffError(404, 'NOT_FOUND', upstreamMessage(res)) : toBffError(res);
    return { ok: true, merchantUid: body.merchantUid, amount: body.amount };
  }

  async totals(request: FastifyRequest): Promise<DonationTotals> {
    const res = await this.up.totals(request);
    if (!isOk(res)) throw toBffError(res);
    return { available: true, totals: normaliseTotals(res.json) };
  }

  async testCheckout(request: FastifyRequest, body: TestCheckoutRequest): Promise<TestCheckoutResult> {
    const res = await this.up.testCheckout(request, body);
    if (!isOk(res)) throw res.status === 404 ? new BffError(404, 'NOT_FOUND') : toBffError(res);
    const parsed = TestCheckoutResultSchema.safeParse(res.json);
    if (!parsed.success) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return parsed.data;
  }
}
