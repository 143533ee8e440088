import type { FastifyRequest } from 'fastify';
import type { BreedPrediction, PageQuery, Stray, StrayReportRequest, StraySearchQuery } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { inAdoptListOrder } from '../normalisers/adoption.normaliser';
import { normalisePrediction, PUBLIC_STATUSES, reportedId, withoutPosition } from '../normalisers/stray.normaliser';
import { isOk, refusedInBody, toBffError, type UpstreamClient, type UpstreamResponse } from './client';
import type { Page } from './paging';
import type { PhotoUpload } from './pets.upstream';
import { reportRefusal, straysUpstream } from './strays.upstream';

/**
 * A public endpoint never answers 401: the legacy hides an internal error
 * behind its redirect to the login page when the caller is anonymous (and
 * shows members the 500), so for a public read any failure is the upstream's.
 */
export function publicFailure(res: UpstreamResponse): BffError {
  return toBffError(res, { 401: new BffError(502, 'UPSTREAM_UNAVAILABLE'), 403: new BffError(502, 'UPSTREAM_UNAVAILABLE') });
}

/** What a visitor may see of a list, in the adopt list's order, without exact positions. */
export const publicOnly = (strays: Stray[]): Stray[] =>
  inAdoptListOrder(strays.filter((s) => PUBLIC_STATUSES.includes(s.status))).map(withoutPosition);

/** A stray that is not on the adopt list (unknown, or a report no admin has registered yet). */
export const strayNotFound = () => BffError.because(404, 'NOT_FOUND', 'STRAY_NOT_LISTED');

/** Visitors' stray calls: the adopt list, its search, breed prediction and the report (spec §7 Strays). */
export interface StraysGateway {
  /** One page of the adopt list: PROTECTING, WAITING and ADOPT (never unreviewed LOST reports). */
  publicPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>>;
  /** One page of search results, by the documented rules. */
  search(request: FastifyRequest, q: StraySearchQuery, page: PageQuery): Promise<Page<Stray>>;
  /** One stray of the adopt list (its page); 404 STRAY_NOT_LISTED for anything a visitor may not see. */
  detail(request: FastifyRequest, id: number): Promise<Stray>;
  predict(request: FastifyRequest, image: PhotoUpload): Promise<BreedPrediction>;
  /** File a report; its id when the upstream tells it. */
  report(request: FastifyRequest, report: StrayReportRequest, image: PhotoUpload): Promise<number | null>;
}

/** Prediction and the report, the same calls and answers in front of either upstream. */
export abstract class SharedStraysGateway implements StraysGateway {
  protected readonly up;
  constructor(protected readonly client: UpstreamClient) {
    this.up = straysUpstream(client);
  }

  abstract publicPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>>;
  abstract search(request: FastifyRequest, q: StraySearchQuery, page: PageQuery): Promise<Page<Stray>>;
  abstract detail(request: FastifyRequest, id: number): Promise<Stray>;

  async predict(request: FastifyRequest, image: PhotoUpload): Promise<BreedPrediction> {
    const res = await this.up.predict(request, image);
    if (res.status === 413 || res.status === 415) throw toBffError(res);
    const prediction = isOk(res) ? normalisePrediction(res.json) : null;
    if (!prediction) throw new BffError(503, 'PREDICTION_UNAVAILABLE');
    return prediction;
  }

  /**
   * A refusal by the server itself (the legacy's 500 `{success:false}`, its
   * predictor down) is 502 REPORT_FAILED carrying the server's sentence, so the
   * screen can say "registration failed: {message}" as the spec asks; our api's
   * 400 with field errors is VALIDATION_FAILED.
   */
  async report(request: FastifyRequest, report: StrayReportRequest, image: PhotoUpload): Promise<number | null> {
    const res = await this.up.register(request, report, image);
    if (isOk(res) && !refusedInBody(res)) return reportedId(res.json);
    const refusal = reportRefusal(res);
    if (refusal?.reason === 'fields') throw new BffError(400, 'VALIDATION_FAILED', refusal.message, refusal.fieldErrors);
    if (refusal?.reason === 'predictor-down') throw BffError.because(502, 'REPORT_FAILED', 'REPORT_PREDICTOR_DOWN');
    if (refusal?.reason === 'refused') throw new BffError(502, 'REPORT_FAILED', refusal.sentence);
    throw toBffError(res, { 401: BffError.because(401, 'UNAUTHENTICATED', 'REPORT_LOGIN_REQUIRED') });
  }
}
