import type { FastifyBaseLogger } from 'fastify';
import {
  LOST_LIMITS,
  isSightingKind,
  type LostCloseRequest,
  type LostPostEditRequest,
  type LostUpdateRequest,
  type MissingCreateRequest,
} from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { keyFromUploadUrl } from '../../integrations/storage';
import { fieldError, lostError } from './lost.errors';

import { checkLimits, gridSeedOf, ownOpen } from './lost.guards';
import { LostPhotos } from './lost.photos';
import { LostRepository } from './lost.repository';
import type { LostPostsTable } from './lost.tables';
import { placeOf } from './lost.view';

/** An owner's missing reports (실종): created from a registered dog or typed in, amended, moved, closed. */
export class LostReportsService {
  private readonly photos: LostPhotos;

  constructor(
    private readonly ctx: ApiContext,
    log: FastifyBaseLogger,
  ) {
    this.photos = new LostPhotos(ctx, log);
  }

  /** An owner's missing report, from one of their registered dogs (carried over, amended by the form) or typed in. */
  async createMissing(author: SessionUserRow, form: MissingCreateRequest, files: Buffer[]): Promise<{ id: number }> {
    const pet = form.petId ? await new LostRepository(this.ctx.db).petOf(author.pk, form.petId) : undefined;
    if (form.petId && !pet) throw lostError(404, 'NOT_FOUND', 'PET_NOT_FOUND');
    const petKey = keyFromUploadUrl(pet?.profile);
    const petPhoto = petKey ? await this.ctx.storage.get(petKey) : null;
    if (files.length + (petPhoto ? 1 : 0) > LOST_LIMITS.photosMax) throw lostError(400, 'VALIDATION_FAILED', 'LOST_PHOTO_LIMIT');
    if (files.length === 0 && !petPhoto) throw fieldError('photo1', 'lostPhotoRequired');
    // The dog's photo is copied, so a later change of its profile picture leaves the report's alone.
    const cleaned = await this.photos.cleanAll(petPhoto ? [petPhoto, ...files] : files);
    const keys: string[] = [];
    try {
      const stored = await this.photos.store(cleaned, keys);
      const id = await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new LostRepository(trx);
        await checkLimits(repo, author.pk, true);
        const seed = await gridSeedOf(repo, author.pk);
        const id = await repo.insertPost({
          kind: 'MISSING',
          authorPk: author.pk,
          petPk: pet?.id ?? null,
          missingId: null,
          name: form.name?.trim() || pet?.name || null,
          breed: form.breed?.trim() || pet?.type || null,
          size: form.size ?? pet?.size ?? null,
          gender: form.gender ?? pet?.gender ?? null,
          weight: form.weight ?? pet?.weight ?? null,
          colour: form.colour?.trim() || null,
          registrationNo: form.registrationNo?.trim() || pet?.petId || null,
          features: form.features?.trim() || null,
          onSight: form.onSight?.trim() || null,
          description: null,
          reward: form.reward ?? null,
          contact: form.contact,
          phone: form.contact === 'PHONE' ? (form.phone ?? null) : null,
          ...placeOf(form, seed),
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
        return id;
      });
      return { id };
    } catch (err) {
      await this.photos.discard(keys);
      throw err;
    }
  }

  /** The author amends the text (undefined keeps a field, null clears it). */
  async edit(author: SessionUserRow, id: number, form: LostPostEditRequest): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await ownOpen(repo, id, author);
      const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
      const contact = form.contact ?? post.contact;
      const phone = contact === 'PHONE' ? (form.phone !== undefined ? form.phone : post.phone) : null;
      if (contact === 'PHONE' && !phone) throw fieldError('phone', 'phoneRequired');
      const set: Partial<LostPostsTable> = {
        name: text(form.name),
        breed: text(form.breed),
        size: form.size,
        gender: form.gender,
        weight: form.weight,
        colour: text(form.colour),
        registrationNo: text(form.registrationNo),
        features: text(form.features),
        onSight: text(form.onSight),
        reward: form.reward,
        contact,
        phone,
      };
      if (form.description !== undefined) {
        if (isSightingKind(post.kind) && !form.description?.trim()) throw fieldError('description', 'lostDescriptionRequired');
        set.description = text(form.description);
      }
      if (post.kind === 'MISSING' && set.name === null) throw fieldError('name', 'petNameRequired');
      const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
      await repo.updatePost(id, { ...changes, updatedAt: new Date() });
    });
  }

  /** A new last-seen place and time, new photos (5 at most in all) and/or a note, each a timeline entry. */
  async update(author: SessionUserRow, id: number, form: LostUpdateRequest, files: Buffer[]): Promise<void> {
    const moves = form.lat !== undefined && form.lng !== undefined && form.address !== undefined && form.date && form.time;
    if (!moves && files.length === 0 && !form.note?.trim()) throw fieldError('lat', 'lostPlaceIncomplete');
    const cleaned = await this.photos.cleanAll(files);
    const keys: string[] = [];
    try {
      const stored = await this.photos.store(cleaned, keys);
      const urls = stored.map((p) => p.url);
      await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new LostRepository(trx);
        const post = await ownOpen(repo, id, author);
        if ((await repo.photos(id)).length + urls.length > LOST_LIMITS.photosMax)
          throw lostError(400, 'VALIDATION_FAILED', 'LOST_PHOTO_LIMIT');
        const note = form.note?.trim() || null;
        if (moves) {
          const place = placeOf(
            { lat: form.lat!, lng: form.lng!, address: form.address!, sigungu: form.sigungu },
            { lat: post.gridSeedLat, lng: post.gridSeedLng },
          );
          await repo.updatePost(id, { ...place, happenedDate: form.date!, happenedTime: form.time!, updatedAt: new Date() });
          await repo.addUpdate({
            postId: id,
            kind: 'MOVED',
            actorPk: author.pk,
            latitude: place.latitude,
            longitude: place.longitude,
            publicLat: place.publicLat,
            publicLng: place.publicLng,
            address: place.address,
            note,
          });
        }
        await repo.insertPhotos(id, stored);
        for (const url of urls)
          await repo.addUpdate({ postId: id, kind: 'PHOTO_ADDED', actorPk: author.pk, photoUrl: url, note: moves ? null : note });
        if (!moves && urls.length === 0 && note) await repo.addUpdate({ postId: id, kind: 'NOTE', actorPk: author.pk, note });
        if (!moves) await repo.updatePost(id, { updatedAt: new Date() });
      });
    } catch (err) {
      await this.photos.discard(keys);
      throw err;
    }
  }

  /** 찾았어요 (REUNITED, with an optional thank-you note) or CANCELLED for a missing report; CLOSED for a sighting. */
  async close(author: SessionUserRow, id: number, form: LostCloseRequest): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await ownOpen(repo, id, author);
      const fits = post.kind === 'MISSING' ? form.status !== 'CLOSED' : form.status === 'CLOSED';
      if (!fits) throw lostError(409, 'INVALID_STATE', 'LOST_WRONG_KIND');
      const note = form.note?.trim() || null;
      const now = new Date();
      await repo.updatePost(id, {
        status: form.status,
        closedAt: now,
        updatedAt: now,
        thankYouNote: form.status === 'REUNITED' ? note : post.thankYouNote,
      });
      await repo.addUpdate({ postId: id, kind: 'STATUS_CHANGED', actorPk: author.pk, status: form.status, note });
    });
  }
}
