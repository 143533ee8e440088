import { type PageWindow, type Paged } from '@pawbridge/shared';
import type { LostFilters, LostMapAnswer, LostMapQuery, LostPostDetail, LostPostSummary, LostStats } from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { MatchLinksService } from '../matching/matching.links.service';
import { notFound } from './lost.errors';
import { LostRepository } from './lost.repository';
import { authorDisplayName, iso, seoulMonthStart, summaryOf, timelineOf } from './lost.view';

/**
 * Lost and found (issue 27), the reading side: the board, the member's own posts, the map, one post and
 * the counts. The writes live beside it: lost.reports.service.ts (missing reports), lost.sightings.service.ts,
 * lost.relay.service.ts (contact and e-mail) and lost.moderation.service.ts (flags and admins).
 */
export class LostService {
  private readonly repo: LostRepository;
  /** Confirmed matches, which a post's page links (decision 0042). */
  private readonly matches: MatchLinksService;

  constructor(ctx: ApiContext) {
    this.repo = new LostRepository(ctx.db);
    this.matches = new MatchLinksService(ctx);
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
    const [photoUrls, timeline, sightings, matches] = await Promise.all([
      this.repo.photos(id),
      this.repo.timeline(id),
      row.kind === 'MISSING' ? this.repo.sightingsOf(id) : Promise.resolve([]),
      this.matches.of(row),
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
      author: { displayName: authorDisplayName({ nickname: row.authorNickname, userId: row.authorUserId }) },
      missingId: row.missingId,
      strayReportId: privileged ? row.strayReportId : null,
      hidden: row.hidden,
      mine,
      exactPosition: privileged ? { lat: row.latitude, lng: row.longitude } : null,
      registrationNo: privileged ? row.registrationNo : null,
      sightings: sightings.map(summaryOf),
      matches,
      timeline: timeline.map(timelineOf),
      closedAt: iso(row.closedAt),
    };
  }

  stats(viewer: SessionUserRow | null): Promise<LostStats> {
    return this.repo.stats(seoulMonthStart(), viewer?.role === 'ADMIN');
  }
}
