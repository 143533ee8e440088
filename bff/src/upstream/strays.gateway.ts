import type { FastifyRequest } from 'fastify';
import {
  slicePage,
  type BreedPrediction,
  type PageQuery,
  type Stray,
  type StrayReportRequest,
  type StraySearchQuery,
} from '@pawbridge/shared';
import type { BffConfig } from '../config/env';
import { BffError } from '../errors/bff-error';
import type { UploadedImage } from '../plugins/multipart';
import { inAdoptListOrder } from '../normalisers/adoption.normaliser';
import { matchesSearch, normalisePrediction, normaliseStrayList, PUBLIC_STATUSES, reportedId } from '../normalisers/stray.normaliser';
import { isOk, refusedInBody, toBffError, type UpstreamClient, type UpstreamResponse } from './client';
import { pageFrom, type Page } from './paging';
import { publicStrayPhotos } from './public-photos';
import { reportRefusal, straysUpstream } from './strays.upstream';

/**
 * A public endpoint never answers 401: the legacy hides an internal error
 * behind its redirect to the login page when the caller is anonymous (and
 * shows members the 500), so for a public read any failure is the upstream's.
 */
export function publicFailure(res: UpstreamResponse): BffError {
  return toBffError(res, { 401: new BffError(502, 'UPSTREAM_UNAVAILABLE'), 403: new BffError(502, 'UPSTREAM_UNAVAILABLE') });
}

const publicOnly = (strays: Stray[]) => inAdoptListOrder(strays.filter((s) => PUBLIC_STATUSES.includes(s.status)));

/** Visitors' stray calls against either upstream: the adopt list, its search, breed prediction and the report. */
export class StraysGateway {
  private readonly up;
  constructor(
    private readonly client: UpstreamClient,
    private readonly kind: BffConfig['upstreamKind'] = 'api',
  ) {
    this.up = straysUpstream(client);
  }

  /** The whole adopt list as a visitor sees it: PROTECTING, WAITING and ADOPT (never unreviewed LOST reports). For the BFF's own joins. */
  async publicList(request: FastifyRequest): Promise<Stray[]> {
    const res = await this.up.list(request);
    if (!isOk(res)) throw publicFailure(res);
    return this.publicStrays(res.json);
  }

  private publicStrays(json: unknown): Stray[] {
    const strays = publicOnly(normaliseStrayList(json));
    // The photos a visitor will ask for next (the legacy serves them only through the BFF's service session).
    publicStrayPhotos(this.client).remember(strays);
    return strays;
  }

  /** One page of the adopt list: our api pages it; the legacy's whole list is cut here. */
  async publicPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>> {
    const res = await this.up.list(request, page);
    if (!isOk(res)) throw publicFailure(res);
    return pageFrom(res, this.publicStrays(res.json), page);
  }

  /**
   * One page of search results. The legacy search (Elasticsearch) never
   * matches a date or time and answers with other ids: the rules are applied
   * to the whole list instead, without asking it, and the result cut into
   * pages. Our api announces when its search follows the rules, and pages it.
   */
  async search(request: FastifyRequest, q: StraySearchQuery, page: PageQuery): Promise<Page<Stray>> {
    if (this.kind === 'api') {
      const res = await this.up.search(request, q, page);
      if (!isOk(res)) throw publicFailure(res);
      if (this.up.searchFollowsRules(res)) return pageFrom(res, publicOnly(normaliseStrayList(res.json)), page);
    }
    const matching = (await this.publicList(request)).filter((s) => matchesSearch(s, q));
    return { items: slicePage(matching, page), total: matching.length };
  }

  async predict(request: FastifyRequest, image: UploadedImage): Promise<BreedPrediction> {
    const res = await this.up.predict(request, image);
    if (res.status === 413 || res.status === 415) throw toBffError(res);
    const prediction = isOk(res) ? normalisePrediction(res.json) : null;
    if (!prediction) throw new BffError(503, 'PREDICTION_UNAVAILABLE');
    return prediction;
  }

  /**
   * File a report; its id when the upstream tells it. A refusal by the
   * server itself (the legacy's 500 `{success:false}`, its predictor down) is
   * 502 REPORT_FAILED carrying the server's sentence, so the screen can say
   * "registration failed: {message}" as the spec asks.
   */
  async report(request: FastifyRequest, report: StrayReportRequest, image: UploadedImage): Promise<number | null> {
    const res = await this.up.register(request, report, image);
    if (isOk(res) && !refusedInBody(res)) return reportedId(res.json);
    const refusal = reportRefusal(res);
    if (refusal?.kind === 'fields') throw new BffError(400, 'VALIDATION_FAILED', refusal.message, refusal.fieldErrors);
    if (refusal?.kind === 'predictor-down') throw BffError.because(502, 'REPORT_FAILED', 'REPORT_PREDICTOR_DOWN');
    if (refusal?.kind === 'refused') throw new BffError(502, 'REPORT_FAILED', refusal.sentence);
    throw toBffError(res, { 401: BffError.because(401, 'UNAUTHENTICATED', 'REPORT_LOGIN_REQUIRED') });
  }
}
