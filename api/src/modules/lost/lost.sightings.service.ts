import type { FastifyBaseLogger } from 'fastify';
import { LOST_LIMITS, type SightingCreateRequest } from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { domainEvent } from '../../events';
import { keyFromUploadUrl } from '../../integrations/storage';
import type { StraysService } from '../strays/strays.service';
import { fieldError, lostError, notFound } from './lost.errors';
import { checkLimits, gridSeedOf, ownOpen } from './lost.guards';
import { LostPhotos } from './lost.photos';
import { LostRepository } from './lost.repository';
import { placeOf } from './lost.view';

/** Finders' posts (발견 FOUND, 목격 SEEN), attached to a missing report or not; a FOUND post can become a stray report. */
export class LostSightingsService {
  private readonly photos: LostPhotos;
  private readonly repo: LostRepository;

  constructor(
    private readonly ctx: ApiContext,
    log: FastifyBaseLogger,
    private readonly strays: StraysService,
  ) {
    this.photos = new LostPhotos(ctx, log);
    this.repo = new LostRepository(ctx.db);
  }

  /** A finder's FOUND (photo required) or SEEN post; attached to a missing report, the owner is told. */
  async createSighting(author: SessionUserRow, form: SightingCreateRequest, files: Buffer[]): Promise<{ id: number }> {
    if (files.length > LOST_LIMITS.photosMax) throw lostError(400, 'VALIDATION_FAILED', 'LOST_PHOTO_LIMIT');
    if (form.kind === 'FOUND' && files.length === 0) throw fieldError('photo1', 'lostPhotoRequired');
    const cleaned = await this.photos.cleanAll(files);
    const keys: string[] = [];
    try {
      const stored = await this.photos.store(cleaned, keys);
      const urls = stored.map((p) => p.url);
      const { id, ownerPk } = await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new LostRepository(trx);
        let ownerPk: number | null = null;
        if (form.missingId) {
          const missing = await repo.lock(form.missingId);
          if (!missing || missing.hidden) throw notFound();
          if (missing.kind !== 'MISSING') throw lostError(409, 'INVALID_STATE', 'LOST_WRONG_KIND');
          if (missing.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
          ownerPk = missing.authorPk;
        }
        await checkLimits(repo, author.pk, false);
        const seed = await gridSeedOf(repo, author.pk);
        const place = placeOf(form, seed);
        const id = await repo.insertPost({
          kind: form.kind,
          authorPk: author.pk,
          petPk: null,
          missingId: form.missingId ?? null,
          name: null,
          breed: form.breed?.trim() || null,
          size: form.size ?? null,
          gender: form.gender ?? null,
          weight: null,
          colour: form.colour?.trim() || null,
          registrationNo: null,
          features: null,
          onSight: null,
          description: form.description,
          reward: null,
          contact: form.contact,
          phone: form.contact === 'PHONE' ? (form.phone ?? null) : null,
          ...place,
          gridSeedLat: seed.lat,
          gridSeedLng: seed.lng,
          happenedDate: form.date,
          happenedTime: form.time,
          thankYouNote: null,
          strayReportId: null,
          toStrayAt: null,
          closedAt: null,
        });
        await repo.insertPhotos(id, stored);
        await repo.addUpdate({ postId: id, kind: 'CREATED', actorPk: author.pk, status: 'OPEN' });
        if (form.missingId)
          await repo.addUpdate({
            postId: form.missingId,
            kind: 'SIGHTING_ATTACHED',
            actorPk: author.pk,
            sightingId: id,
            publicLat: place.publicLat,
            publicLng: place.publicLng,
            address: place.address,
            photoUrl: urls[0] ?? null,
          });
        return { id, ownerPk };
      });
      if (form.missingId && ownerPk !== null)
        await this.ctx.events.publish(
          domainEvent('lost.notice', {
            notice: 'SIGHTING',
            postId: form.missingId,
            recipientPk: ownerPk,
            actorPk: author.pk,
            relatedId: id,
          }),
        );
      return { id };
    } catch (err) {
      await this.photos.discard(keys);
      throw err;
    }
  }

  /**
   * A FOUND post handed to the shelter/admin review as a stray report (the existing flow, unchanged):
   * same photo, place, date and words. Claimed first, so two requests cannot both make one.
   */
  async toStrayReport(author: SessionUserRow, id: number): Promise<{ strayReportId: number }> {
    const post = await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await ownOpen(repo, id, author);
      if (post.kind !== 'FOUND') throw lostError(409, 'INVALID_STATE', 'LOST_WRONG_KIND');
      if (post.strayReportId !== null || post.toStrayAt !== null) throw lostError(409, 'CONFLICT', 'LOST_ALREADY_REPORTED');
      await repo.updatePost(id, { toStrayAt: new Date() });
      return post;
    });
    try {
      const [photoUrl] = await this.repo.photos(id);
      const key = keyFromUploadUrl(photoUrl);
      const photo = key ? await this.ctx.storage.get(key) : null;
      if (!photo || !post.sido) throw lostError(409, 'INVALID_STATE', 'LOST_WRONG_KIND');
      const gender = post.gender === 'MALE' || post.gender === 'FEMALE' ? post.gender : null;
      const { id: strayReportId } = await this.strays.report(
        author.pk,
        {
          latitude: post.latitude,
          longitude: post.longitude,
          gender,
          description: post.description ?? post.address,
          location: post.sido as never,
          type: post.breed,
          foundDate: post.happenedDate,
          foundTime: post.happenedTime,
        },
        photo,
      );
      await this.repo.updatePost(id, { strayReportId, updatedAt: new Date() });
      return { strayReportId };
    } catch (err) {
      await this.repo.releaseToStray(id);
      throw err;
    }
  }
}
