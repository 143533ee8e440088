import type { FastifyBaseLogger } from 'fastify';
import {
  placeInWords,
  reportStatusFor,
  type PageWindow as Window,
  type Paged,
  type StrayReportRequest,
  type StraySearchQuery,
  ERROR_REASON_MESSAGES,
} from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { domainEvent } from '../../events';
import { uploadUrl } from '../../integrations/storage';
import { PredictionFailedError, type BreedPredictor } from '../../integrations/breed/prediction';
import { ApiHttpError } from '../../lib/errors';
import { cleanImage } from '../../lib/images';
import { photoHash } from '../../lib/photo-hash';
import { once } from '../../lib/idempotency';
import { noReverseGeocoder, type ReverseGeocoder } from '../../integrations/geocoding/reverse-geocoder';
import { StraysRepository, type StrayRow } from './strays.repository';

/** The report routes' legacy body: `{success, message}` plus field errors. */
export const reportFailure = (message: string, fieldErrors?: Record<string, string>) => ({
  success: false,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

export const STRAY_MESSAGES = {
  reported: '유기견 등록이 완료되었습니다.',
  reportNotFound: ERROR_REASON_MESSAGES.REPORT_NOT_FOUND,
  alreadyRegistered: ERROR_REASON_MESSAGES.REPORT_ALREADY_REGISTERED,
  registered: '제보가 유기동물로 등록되었습니다.',
  predictorOff: '품종 예측 기능이 설정되어 있지 않습니다.',
  predictionFailed: '품종을 예측하지 못했습니다.',
} as const;

export type StrayDto = ReturnType<typeof toFormDto>;

/**
 * The legacy AbandonPetFormDto plus `name`, `placeName` (where it was found, in words) and `reportStatus`.
 * `userId` and the exact position only for the admin's answers (`full`): a public answer says the place in
 * words and carries latitude/longitude null (issue 27: street animals are harmed at known spots; decision 0033).
 */
export function toFormDto(row: StrayRow, full: boolean) {
  return {
    id: row.id,
    latitude: full ? row.latitude : null,
    longitude: full ? row.longitude : null,
    imageUrl: row.imageUrl,
    gender: row.gender,
    description: row.description,
    location: row.location,
    type: row.type,
    name: row.name,
    placeName: placeInWords({ lat: row.latitude, lng: row.longitude }, row.location, row.placeName),
    status: row.status,
    reportStatus: reportStatusFor(row.status),
    foundDate: row.foundDate,
    foundTime: row.foundTime,
    userId: full ? row.reporterUserId : null,
  };
}

/** Found dogs: the public adopt list and search, reports by members, the admin's review, breed prediction. */
export class StraysService {
  private readonly repo: StraysRepository;

  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
    private readonly predictor: BreedPredictor | null,
    private readonly geocoder: ReverseGeocoder = noReverseGeocoder,
  ) {
    this.repo = new StraysRepository(ctx.db);
  }

  /** One page of the adopt list (all of it without a window) and the total. */
  async listPublic(w: Window): Promise<Paged<StrayDto>> {
    const { rows, total } = await this.repo.listPublic(w);
    return { rows: rows.map((r) => toFormDto(r, false)), total };
  }

  async search(q: StraySearchQuery, w: Window): Promise<Paged<StrayDto>> {
    const { rows, total } = await this.repo.search(q, w);
    return { rows: rows.map((r) => toFormDto(r, false)), total };
  }

  /** Every report in every status, newest first, with the reporter (admins only; the route checks). */
  async listAll(w: Window): Promise<Paged<StrayDto>> {
    const { rows, total } = await this.repo.listAll(w);
    return { rows: rows.map((r) => toFormDto(r, true)), total };
  }

  async get(id: number): Promise<StrayDto | null> {
    const row = await this.repo.findById(id);
    return row ? toFormDto(row, true) : null;
  }

  /** One stray as a visitor sees it (its page), or null when unknown or not public (an unreviewed report). */
  async getPublic(id: number): Promise<StrayDto | null> {
    const row = await this.repo.findPublicById(id);
    return row ? toFormDto(row, false) : null;
  }

  /** A predictor is configured (it may still be unavailable, e.g. the remote one down). */
  get predictionConfigured(): boolean {
    return this.predictor !== null;
  }

  /** What this upstream can do (the BFF's /api/config follows it). */
  async capabilities(): Promise<{ breedPrediction: boolean }> {
    return { breedPrediction: this.predictor ? await this.predictor.available() : false };
  }

  /** The predictor's guess for a photo; 503 when none is configured or it fails. */
  async predict(image: Buffer): Promise<{ predictedBreed: string | null; confidence: number }> {
    if (!this.predictor) throw new ApiHttpError(503, { message: STRAY_MESSAGES.predictorOff });
    const clean = await cleanImage(image, (message) => ({ message }));
    try {
      const result = await this.predictor.predict(clean.bytes);
      return { predictedBreed: result.breed, confidence: result.confidence };
    } catch (err) {
      if (!(err instanceof PredictionFailedError)) throw err;
      this.log.warn({ err }, 'breed prediction failed');
      throw new ApiHttpError(503, { message: STRAY_MESSAGES.predictionFailed });
    }
  }

  /**
   * A member reports a found dog (status LOST). The photo is checked and
   * cleaned before anything is stored; the breed is the member's own text,
   * else the predictor's confident guess, else null — a failed prediction
   * never fails the report. The stored photo is removed again if the insert
   * fails. A retry with the same idempotency key (after a timeout) gets the
   * first answer instead of a second report: the row and that answer commit
   * in one transaction, and the event is published after the commit.
   */
  report(reporterPk: number, form: StrayReportRequest, original: Buffer, idempotencyKey: string | null = null): Promise<{ id: number }> {
    return once(
      this.ctx.db,
      idempotencyKey,
      { userPk: reporterPk, scope: 'stray-report', fail: reportFailure },
      {
        prepare: async () => {
          // The pin in words, looked up while the photo is cleaned (null when no provider or it does not answer).
          const [photo, placeName] = await Promise.all([
            this.storeReportPhoto(form, original),
            this.geocoder.placeOf({ lat: form.latitude, lng: form.longitude }),
          ]);
          return { ...photo, placeName };
        },
        write: async (trx, { imageKey, type, placeName, photoHash }) => ({
          id: await new StraysRepository(trx).insertReport({
            reporterPk,
            latitude: form.latitude,
            longitude: form.longitude,
            imageUrl: uploadUrl(imageKey),
            gender: form.gender ?? null,
            description: form.description,
            location: form.location,
            type,
            name: null,
            placeName,
            photoHash,
            foundDate: form.foundDate,
            foundTime: form.foundTime,
            status: 'LOST',
            registeredAt: null,
          }),
        }),
        discard: ({ imageKey }) => this.ctx.storage.delete(imageKey),
        committed: ({ id }) => this.ctx.events.publish(domainEvent('stray.reported', { strayId: id, reporterPk })),
      },
    );
  }

  /** Before the transaction: the cleaned photo stored, and the breed (the member's text, else the predictor's guess). */
  private async storeReportPhoto(
    form: StrayReportRequest,
    original: Buffer,
  ): Promise<{ imageKey: string; type: string | null; photoHash: string | null }> {
    const photo = await cleanImage(original, (m) => reportFailure(m));
    let type = form.type?.trim() || null;
    if (!type && this.predictor) {
      try {
        type = (await this.predictor.predict(photo.bytes)).breed;
      } catch (err) {
        this.log.warn({ err }, 'breed prediction failed; report saved without a breed');
      }
    }
    const hash = await photoHash(photo.bytes);
    return { imageKey: await this.ctx.storage.put(photo.bytes, photo.ext, photo.thumbnail), type, photoHash: hash };
  }

  /** An admin registers a report: LOST → PROTECTING exactly once (404 unknown, 409 already registered). */
  /** The admin's name for a dog, registered or not (issue 25 item 8). */
  async rename(id: number, name: string): Promise<void> {
    if (!(await this.repo.rename(id, name))) throw new ApiHttpError(404, STRAY_MESSAGES.reportNotFound);
  }

  async registerReport(id: number, adminPk: number, name?: string): Promise<void> {
    const updated = await this.repo.markRegistered(id, name);
    if (!updated) {
      if (!(await this.repo.findById(id))) throw new ApiHttpError(404, STRAY_MESSAGES.reportNotFound);
      throw new ApiHttpError(409, STRAY_MESSAGES.alreadyRegistered);
    }
    await this.ctx.events.publish(domainEvent('report.registered', { strayId: id, reporterPk: updated.reporterPk, adminPk }));
  }
}
