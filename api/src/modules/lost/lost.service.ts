import type { FastifyBaseLogger } from 'fastify';
import { pagedRows, regionOf, seoulToday, type PageWindow, type Paged } from '@pawbridge/shared';
import {
  LOST_LIMITS,
  isSightingKind,
  type LostCloseRequest,
  type LostContact,
  type LostFilters,
  type LostFlagRequest,
  type LostMapAnswer,
  type LostMapQuery,
  type LostPostDetail,
  type LostPostEditRequest,
  type LostPostSummary,
  type LostStats,
  type LostUpdateRequest,
  type MissingCreateRequest,
  type SightingCreateRequest,
} from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { domainEvent } from '../../events';
import { keyFromUploadUrl, uploadUrl } from '../../integrations/storage';
import { cleanImage, type CleanImage } from '../../lib/images';
import type { StraysService } from '../strays/strays.service';
import { lostNoticeMessage } from '../notifications/notifications.service';
import { fieldError, lostError, notFound, photoFailure } from './lost.errors';
import { newGridSeed, snapToGrid } from './lost.grid';
import { LostRepository, type LostPostRow, type LostUpdateRow } from './lost.repository';
import type { LostPostsTable } from './lost.tables';

/**
 * How an author is shown on a public post: one function, so member nicknames (another session's
 * work) replace the name here alone. A member without a name shows as the first two letters of
 * their login id and asterisks, never the whole id.
 */
export function authorDisplayName(author: { name: string | null; userId: string }): string {
  const name = author.name?.trim();
  if (name) return name;
  return `${author.userId.slice(0, 2)}***`;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The first day of this month in Korea, as an instant. */
export function seoulMonthStart(now: Date = new Date()): Date {
  return new Date(`${seoulToday(now).slice(0, 7)}-01T00:00:00+09:00`);
}

function summaryOf(row: LostPostRow): LostPostSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    breed: row.breed,
    size: row.size,
    gender: row.gender,
    colour: row.colour,
    reward: row.reward,
    photoUrl: row.photoUrl,
    address: row.address,
    sido: row.sido,
    sigungu: row.sigungu,
    happenedDate: row.happenedDate,
    happenedTime: row.happenedTime,
    position: { lat: row.publicLat, lng: row.publicLng },
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function timelineOf(u: LostUpdateRow) {
  return {
    kind: u.kind,
    at: new Date(u.createdAt).toISOString(),
    position: u.publicLat !== null && u.publicLng !== null ? { lat: u.publicLat, lng: u.publicLng } : null,
    address: u.address,
    photoUrl: u.photoUrl,
    note: u.note,
    status: u.status,
    sightingId: u.sightingId,
  };
}

/** A place as stored: exact, public (snapped on the post's own grid) and its 시·도. */
function placeOf(
  p: { lat: number; lng: number; address: string; sigungu?: string | null | undefined },
  seed: { lat: number; lng: number },
) {
  const pub = snapToGrid(p.lat, p.lng, seed);
  return {
    latitude: p.lat,
    longitude: p.lng,
    publicLat: pub.lat,
    publicLng: pub.lng,
    address: p.address,
    sido: regionOf({ lat: p.lat, lng: p.lng }),
    sigungu: p.sigungu?.trim() || null,
  };
}

/** Lost and found (issue 27): missing reports, sightings, the board and map, the relay, flags and counts. */
export class LostService {
  private readonly repo: LostRepository;

  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
    private readonly strays: StraysService,
  ) {
    this.repo = new LostRepository(ctx.db);
  }

  async board(f: LostFilters, w: PageWindow): Promise<Paged<LostPostSummary>> {
    const { rows, total } = await this.repo.board(f, w);
    return { rows: rows.map(summaryOf), total };
  }

  async mine(authorPk: number, w: PageWindow): Promise<Paged<LostPostSummary>> {
    const { rows, total } = await this.repo.byAuthor(authorPk, w);
    return { rows: rows.map(summaryOf), total };
  }

  async map(q: LostMapQuery): Promise<LostMapAnswer> {
    return { zoom: q.zoom, ...(await this.repo.map(q)) };
  }

  /** A post as its page shows it; hidden posts only for admins. The exact point only for the author and admins. */
  async detail(id: number, viewer: SessionUserRow | null): Promise<LostPostDetail> {
    const row = await this.repo.find(id);
    const isAdmin = viewer?.role === 'ADMIN';
    if (!row || (row.hidden && !isAdmin)) throw notFound();
    const mine = viewer?.pk === row.authorPk;
    const privileged = mine || isAdmin;
    const [photoUrls, timeline, sightings] = await Promise.all([
      this.repo.photos(id),
      this.repo.timeline(id),
      row.kind === 'MISSING' ? this.repo.sightingsOf(id) : Promise.resolve([]),
    ]);
    return {
      ...summaryOf(row),
      photoUrls,
      weight: row.weight,
      features: row.features,
      onSight: row.onSight,
      description: row.description,
      contact: row.contact,
      phone: row.contact === 'PHONE' ? row.phone : null,
      thankYouNote: row.thankYouNote,
      author: { displayName: authorDisplayName({ name: row.authorName, userId: row.authorUserId }) },
      missingId: row.missingId,
      strayReportId: privileged ? row.strayReportId : null,
      hidden: row.hidden,
      mine,
      exactPosition: privileged ? { lat: row.latitude, lng: row.longitude } : null,
      registrationNo: privileged ? row.registrationNo : null,
      sightings: sightings.map(summaryOf),
      timeline: timeline.map(timelineOf),
      closedAt: iso(row.closedAt),
    };
  }

  /**
   * Photos checked and cleaned before anything is stored (type by content, 5 MB, pixel cap,
   * metadata dropped, WebP), then stored; `store` hands back their keys so a failed write removes them.
   */
  private async cleanAll(files: Buffer[]): Promise<CleanImage[]> {
    const out: CleanImage[] = [];
    for (const f of files) out.push(await cleanImage(f, photoFailure));
    return out;
  }

  private async store(photos: CleanImage[], keys: string[]): Promise<string[]> {
    const urls: string[] = [];
    for (const p of photos) {
      const key = await this.ctx.storage.put(p.bytes, p.ext, p.thumbnail);
      keys.push(key);
      urls.push(uploadUrl(key));
    }
    return urls;
  }

  private async discard(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((k) => this.ctx.storage.delete(k).catch((err: unknown) => this.log.warn({ err, key: k }, 'lost photo cleanup failed'))),
    );
  }

  /** The 5-open and 20-a-day rules, counted while the member's row is locked (two tabs cannot both pass). */
  private async checkLimits(repo: LostRepository, authorPk: number, missing: boolean): Promise<void> {
    await repo.lockMember(authorPk);
    if (missing && (await repo.openMissingOf(authorPk)) >= LOST_LIMITS.openMissingPerMember)
      throw lostError(409, 'CONFLICT', 'LOST_OPEN_LIMIT');
    if ((await repo.postsSince(authorPk, new Date(Date.now() - 24 * 3600_000))) >= LOST_LIMITS.postsPerMemberPerDay)
      throw lostError(429, 'RATE_LIMITED', 'LOST_DAILY_LIMIT');
  }

  /** An owner's missing report, from one of their registered dogs (carried over, amended by the form) or typed in. */
  async createMissing(author: SessionUserRow, form: MissingCreateRequest, files: Buffer[]): Promise<{ id: number }> {
    const pet = form.petId
      ? await this.ctx.db.selectFrom('pets').selectAll().where('userPk', '=', author.pk).where('petId', '=', form.petId).executeTakeFirst()
      : undefined;
    if (form.petId && !pet) throw lostError(404, 'NOT_FOUND', 'PET_NOT_FOUND');
    const petKey = keyFromUploadUrl(pet?.profile);
    const petPhoto = petKey ? await this.ctx.storage.get(petKey) : null;
    if (files.length + (petPhoto ? 1 : 0) > LOST_LIMITS.photosMax) throw lostError(400, 'VALIDATION_FAILED', 'LOST_PHOTO_LIMIT');
    if (files.length === 0 && !petPhoto) throw fieldError('photo1', 'lostPhotoRequired');
    // The dog's photo is copied, so a later change of its profile picture leaves the report's alone.
    const cleaned = await this.cleanAll(petPhoto ? [petPhoto, ...files] : files);
    const keys: string[] = [];
    try {
      const urls = await this.store(cleaned, keys);
      const seed = newGridSeed();
      const id = await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new LostRepository(trx);
        await this.checkLimits(repo, author.pk, true);
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
        await repo.insertPhotos(id, urls);
        await repo.addUpdate({ postId: id, kind: 'CREATED', actorPk: author.pk, status: 'OPEN' });
        return id;
      });
      return { id };
    } catch (err) {
      await this.discard(keys);
      throw err;
    }
  }

  /** A finder's FOUND (photo required) or SEEN post; attached to a missing report, the owner is told. */
  async createSighting(author: SessionUserRow, form: SightingCreateRequest, files: Buffer[]): Promise<{ id: number }> {
    if (files.length > LOST_LIMITS.photosMax) throw lostError(400, 'VALIDATION_FAILED', 'LOST_PHOTO_LIMIT');
    if (form.kind === 'FOUND' && files.length === 0) throw fieldError('photo1', 'lostPhotoRequired');
    const cleaned = await this.cleanAll(files);
    const keys: string[] = [];
    try {
      const urls = await this.store(cleaned, keys);
      const seed = newGridSeed();
      const place = placeOf(form, seed);
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
        await this.checkLimits(repo, author.pk, false);
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
        await repo.insertPhotos(id, urls);
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
      await this.discard(keys);
      throw err;
    }
  }

  /** The author's open post, locked for this transaction (404 unknown or hidden from them, 403 someone else's, 409 closed). */
  private async ownOpen(repo: LostRepository, id: number, author: SessionUserRow) {
    const post = await repo.lock(id);
    if (!post || (post.hidden && post.authorPk !== author.pk)) throw notFound();
    if (post.authorPk !== author.pk) throw lostError(403, 'FORBIDDEN', 'LOST_AUTHOR_ONLY');
    if (post.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
    return post;
  }

  /** The author amends the text (undefined keeps a field, null clears it). */
  async edit(author: SessionUserRow, id: number, form: LostPostEditRequest): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await this.ownOpen(repo, id, author);
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
      await trx
        .updateTable('lostPosts')
        .set({ ...changes, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    });
  }

  /** A new last-seen place and time, new photos (5 at most in all) and/or a note, each a timeline entry. */
  async update(author: SessionUserRow, id: number, form: LostUpdateRequest, files: Buffer[]): Promise<void> {
    const moves = form.lat !== undefined && form.lng !== undefined && form.address !== undefined && form.date && form.time;
    if (!moves && files.length === 0 && !form.note?.trim()) throw fieldError('lat', 'lostPlaceIncomplete');
    const cleaned = await this.cleanAll(files);
    const keys: string[] = [];
    try {
      const urls = await this.store(cleaned, keys);
      await this.ctx.db.transaction().execute(async (trx) => {
        const repo = new LostRepository(trx);
        const post = await this.ownOpen(repo, id, author);
        if ((await repo.photos(id)).length + urls.length > LOST_LIMITS.photosMax)
          throw lostError(400, 'VALIDATION_FAILED', 'LOST_PHOTO_LIMIT');
        const note = form.note?.trim() || null;
        if (moves) {
          const place = placeOf(
            { lat: form.lat!, lng: form.lng!, address: form.address!, sigungu: form.sigungu },
            { lat: post.gridSeedLat, lng: post.gridSeedLng },
          );
          await trx
            .updateTable('lostPosts')
            .set({ ...place, happenedDate: form.date!, happenedTime: form.time!, updatedAt: new Date() })
            .where('id', '=', id)
            .execute();
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
        await repo.insertPhotos(id, urls);
        for (const url of urls)
          await repo.addUpdate({ postId: id, kind: 'PHOTO_ADDED', actorPk: author.pk, photoUrl: url, note: moves ? null : note });
        if (!moves && urls.length === 0 && note) await repo.addUpdate({ postId: id, kind: 'NOTE', actorPk: author.pk, note });
        if (!moves) await trx.updateTable('lostPosts').set({ updatedAt: new Date() }).where('id', '=', id).execute();
      });
    } catch (err) {
      await this.discard(keys);
      throw err;
    }
  }

  /** 찾았어요 (REUNITED, with an optional thank-you note) or CANCELLED for a missing report; CLOSED for a sighting. */
  async close(author: SessionUserRow, id: number, form: LostCloseRequest): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await this.ownOpen(repo, id, author);
      const fits = post.kind === 'MISSING' ? form.status !== 'CLOSED' : form.status === 'CLOSED';
      if (!fits) throw lostError(409, 'INVALID_STATE', 'LOST_WRONG_KIND');
      const note = form.note?.trim() || null;
      const now = new Date();
      await trx
        .updateTable('lostPosts')
        .set({ status: form.status, closedAt: now, updatedAt: now, thankYouNote: form.status === 'REUNITED' ? note : post.thankYouNote })
        .where('id', '=', id)
        .execute();
      await repo.addUpdate({ postId: id, kind: 'STATUS_CHANGED', actorPk: author.pk, status: form.status, note });
    });
  }

  /**
   * A FOUND post handed to the shelter/admin review as a stray report (the existing flow, unchanged):
   * same photo, place, date and words. Claimed first, so two requests cannot both make one.
   */
  async toStrayReport(author: SessionUserRow, id: number): Promise<{ strayReportId: number }> {
    const post = await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await this.ownOpen(repo, id, author);
      if (post.kind !== 'FOUND') throw lostError(409, 'INVALID_STATE', 'LOST_WRONG_KIND');
      if (post.strayReportId !== null || post.toStrayAt !== null) throw lostError(409, 'CONFLICT', 'LOST_ALREADY_REPORTED');
      await trx.updateTable('lostPosts').set({ toStrayAt: new Date() }).where('id', '=', id).execute();
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
      await this.ctx.db.updateTable('lostPosts').set({ strayReportId, updatedAt: new Date() }).where('id', '=', id).execute();
      return { strayReportId };
    } catch (err) {
      await this.ctx.db.updateTable('lostPosts').set({ toStrayAt: null }).where('id', '=', id).where('strayReportId', 'is', null).execute();
      throw err;
    }
  }

  /** A visible post another member wrote (404 unknown or hidden, 400 the caller's own). */
  private async othersVisible(id: number, caller: SessionUserRow) {
    const post = await this.ctx.db
      .selectFrom('lostPosts')
      .select(['id', 'authorPk', 'hidden', 'status', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!post || post.hidden) throw notFound();
    if (post.authorPk === caller.pk) throw lostError(400, 'VALIDATION_FAILED', 'LOST_OWN_POST');
    return post;
  }

  /** The relay: a member's message reaches the author's bell and e-mail; no number or address changes hands. */
  async contact(sender: SessionUserRow, id: number, message: string): Promise<{ id: number }> {
    const post = await this.othersVisible(id, sender);
    if (post.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
    const row = await this.ctx.db
      .insertInto('lostContacts')
      .values({ postId: id, senderPk: sender.pk, recipientPk: post.authorPk, replyToId: null, message, phone: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.ctx.events.publish(
      domainEvent('lost.notice', { notice: 'CONTACT', postId: id, recipientPk: post.authorPk, actorPk: sender.pk, relatedId: row.id }),
    );
    return { id: row.id };
  }

  /** The author answers a relay message; a phone number, when given, is shown to that member only. */
  async reply(author: SessionUserRow, contactId: number, message: string, phone: string | null): Promise<{ id: number }> {
    const first = await this.ctx.db.selectFrom('lostContacts').selectAll().where('id', '=', contactId).executeTakeFirst();
    if (!first || first.replyToId !== null || first.recipientPk !== author.pk) throw lostError(404, 'NOT_FOUND', 'LOST_CONTACT_NOT_FOUND');
    const row = await this.ctx.db
      .insertInto('lostContacts')
      .values({ postId: first.postId, senderPk: author.pk, recipientPk: first.senderPk, replyToId: contactId, message, phone })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.ctx.events.publish(
      domainEvent('lost.notice', {
        notice: 'REPLY',
        postId: first.postId,
        recipientPk: first.senderPk,
        actorPk: author.pk,
        relatedId: row.id,
      }),
    );
    return { id: row.id };
  }

  /** The member's relay messages, sent and received, newest first. */
  async contacts(member: SessionUserRow, w: PageWindow): Promise<Paged<LostContact>> {
    const base = this.ctx.db
      .selectFrom('lostContacts as c')
      .where((eb) => eb.or([eb('c.senderPk', '=', member.pk), eb('c.recipientPk', '=', member.pk)]));
    const rows = base
      .innerJoin('users as u', 'u.id', 'c.senderPk')
      .select(['c.id', 'c.postId', 'c.senderPk', 'c.replyToId', 'c.message', 'c.phone', 'c.createdAt', 'u.name', 'u.userId'])
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc');
    const page = await pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: async () => Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    });
    return {
      total: page.total,
      rows: page.rows.map((r) => ({
        id: r.id,
        postId: r.postId,
        direction: r.senderPk === member.pk ? 'SENT' : 'RECEIVED',
        replyToId: r.replyToId,
        fromName: authorDisplayName({ name: r.name, userId: r.userId }),
        message: r.message,
        phone: r.phone,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    };
  }

  /** One flag per member per post (409 the second time). */
  async flag(member: SessionUserRow, id: number, form: LostFlagRequest): Promise<{ id: number }> {
    await this.othersVisible(id, member);
    try {
      const row = await this.ctx.db
        .insertInto('lostFlags')
        .values({ postId: id, flaggerPk: member.pk, reason: form.reason, note: form.note?.trim() || null, resolvedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    } catch (err) {
      if ((err as { code?: string } | null)?.code === '23505') throw lostError(409, 'ALREADY_EXISTS', 'LOST_ALREADY_FLAGGED');
      throw err;
    }
  }

  async flags(state: 'open' | 'all', w: PageWindow) {
    let base = this.ctx.db.selectFrom('lostFlags as f');
    if (state === 'open') base = base.where('f.resolvedAt', 'is', null);
    const rows = base
      .innerJoin('lostPosts as p', 'p.id', 'f.postId')
      .innerJoin('users as u', 'u.id', 'f.flaggerPk')
      .select([
        'f.id',
        'f.postId',
        'p.kind as postKind',
        'p.hidden as postHidden',
        'f.reason',
        'f.note',
        'u.userId as flaggedBy',
        'f.createdAt',
        'f.resolvedAt',
      ])
      .orderBy('f.createdAt', 'desc')
      .orderBy('f.id', 'desc');
    const page = await pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: async () => Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    });
    return {
      total: page.total,
      rows: page.rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), resolvedAt: iso(r.resolvedAt) })),
    };
  }

  /** An admin hides (or shows again) a post: gone from the board and the map with this commit; hiding resolves its flags. */
  async setHidden(admin: SessionUserRow, id: number, hidden: boolean): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await repo.lock(id);
      if (!post) throw notFound();
      if (post.hidden === hidden) return;
      await trx.updateTable('lostPosts').set({ hidden, updatedAt: new Date() }).where('id', '=', id).execute();
      await repo.addUpdate({ postId: id, kind: hidden ? 'HIDDEN' : 'SHOWN', actorPk: admin.pk });
      if (hidden) await repo.resolveFlags(id);
    });
  }

  /** An admin closes a post (CLOSED, whatever its kind); its flags are resolved. */
  async adminClose(admin: SessionUserRow, id: number): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await repo.lock(id);
      if (!post) throw notFound();
      if (post.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
      const now = new Date();
      await trx.updateTable('lostPosts').set({ status: 'CLOSED', closedAt: now, updatedAt: now }).where('id', '=', id).execute();
      await repo.addUpdate({ postId: id, kind: 'STATUS_CHANGED', actorPk: admin.pk, status: 'CLOSED' });
      await repo.resolveFlags(id);
    });
  }

  async dismissFlag(flagId: number): Promise<void> {
    const done = await this.ctx.db
      .updateTable('lostFlags')
      .set({ resolvedAt: new Date() })
      .where('id', '=', flagId)
      .where('resolvedAt', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      const exists = await this.ctx.db.selectFrom('lostFlags').select('id').where('id', '=', flagId).executeTakeFirst();
      if (!exists) throw lostError(404, 'NOT_FOUND', 'LOST_FLAG_NOT_FOUND');
    }
  }

  stats(viewer: SessionUserRow | null): Promise<LostStats> {
    return this.repo.stats(seoulMonthStart(), viewer?.role === 'ADMIN');
  }

  /** The e-mail beside the bell (lost.notice, raised on this instance): the recipient's address, the same sentence and a link. */
  async mailNotice(event: {
    notice: 'SIGHTING' | 'CONTACT' | 'REPLY';
    postId: number;
    recipientPk: number;
    actorPk: number;
  }): Promise<void> {
    if (event.actorPk === event.recipientPk) return;
    const [recipient, post] = await Promise.all([
      this.ctx.db.selectFrom('users').select(['email']).where('id', '=', event.recipientPk).executeTakeFirst(),
      this.ctx.db.selectFrom('lostPosts').select(['name']).where('id', '=', event.postId).executeTakeFirst(),
    ]);
    if (!recipient?.email || !post) return;
    const sentence = lostNoticeMessage(event.notice, post.name);
    const link = `${this.ctx.config.publicOrigin}/lost/${event.postId}`;
    await this.ctx.mail.send({
      to: recipient.email,
      subject: `[포브리지] ${sentence}`,
      text: `${sentence}\n\n${link}\n\n${MAIL_SCAM_WARNING}`,
      html: `<p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(MAIL_SCAM_WARNING)}</p>`,
    });
  }
}

/** Reward scams ("pay first, then I return the dog") are common on lost posts: every relay e-mail says so. */
const MAIL_SCAM_WARNING = '강아지를 직접 확인하기 전에는 사례금이나 비용을 먼저 보내지 마세요.';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
