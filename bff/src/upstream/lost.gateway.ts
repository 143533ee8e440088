import type { FastifyRequest } from 'fastify';
import type { PageQuery } from '@pawbridge/shared';
import type {
  LostCloseRequest,
  LostComment,
  LostCommentRequest,
  LostContact,
  LostContactRequest,
  LostFlagRequest,
  LostListQuery,
  LostMapAnswer,
  LostMapQuery,
  LostPostDetail,
  LostPostEditRequest,
  LostPostSummary,
  LostReplyRequest,
  LostStats,
  LostUpdateRequest,
  MissingCreateRequest,
  SightingCreateRequest,
} from '@pawbridge/shared/lost.schema';
import type { MatchCandidatesAnswer } from '@pawbridge/shared/lost.matching';
import type { z } from 'zod';
import type { LostFlagSchema } from '@pawbridge/shared/lost.schema';
import { BffError } from '../errors/bff-error';
import type { Page } from './paging';

export type LostFlag = z.infer<typeof LostFlagSchema>;

/** A photo already checked by the route (type by content, size, pixels). */
export interface LostPhoto {
  bytes: Buffer;
  mime: string;
  filename: string;
}

/** The printable flyer (A4 PDF) or the 1:1 square image of a missing report. */
export type LostFlyerFormat = 'flyer.pdf' | 'square.png';

/** A flyer as our api drew it, or `notModified` when the browser's copy (by ETag) is still right. */
export type LostFlyer = { notModified: true; etag: string } | { notModified: false; etag: string | null; bytes: Buffer };

/** The legacy Spring service has no lost-and-found board: every call answers this (the web hides the entries). */
export const lostUnsupported = () => BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'LOST_UNSUPPORTED');

/**
 * Lost and found (issue 27): missing reports and sightings, the board and its map, the relay,
 * flags and counts. Our api has them (upstream/api/lost.ts); the legacy answers 501 (upstream/legacy/lost.ts).
 */
export interface LostGateway {
  /** Whether this upstream has the board at all (`/api/config`'s `lostAndFound`). */
  readonly available: boolean;
  board(request: FastifyRequest, q: LostListQuery): Promise<Page<LostPostSummary>>;
  map(request: FastifyRequest, q: LostMapQuery): Promise<LostMapAnswer>;
  detail(request: FastifyRequest, id: number): Promise<LostPostDetail>;
  mine(request: FastifyRequest, q: PageQuery): Promise<Page<LostPostSummary>>;
  stats(request: FastifyRequest): Promise<LostStats>;
  createMissing(request: FastifyRequest, input: MissingCreateRequest, photos: LostPhoto[]): Promise<{ id: number }>;
  createSighting(request: FastifyRequest, input: SightingCreateRequest, photos: LostPhoto[]): Promise<{ id: number }>;
  edit(request: FastifyRequest, id: number, input: LostPostEditRequest): Promise<LostPostDetail>;
  update(request: FastifyRequest, id: number, input: LostUpdateRequest, photos: LostPhoto[]): Promise<LostPostDetail>;
  close(request: FastifyRequest, id: number, input: LostCloseRequest): Promise<LostPostDetail>;
  toStrayReport(request: FastifyRequest, id: number): Promise<{ strayReportId: number }>;
  contact(request: FastifyRequest, id: number, input: LostContactRequest): Promise<{ id: number }>;
  reply(request: FastifyRequest, contactId: number, input: LostReplyRequest): Promise<{ id: number }>;
  contacts(request: FastifyRequest, q: PageQuery): Promise<Page<LostContact>>;
  flag(request: FastifyRequest, id: number, input: LostFlagRequest): Promise<{ id: number }>;
  flags(request: FastifyRequest, q: PageQuery & { state: 'open' | 'all' }): Promise<Page<LostFlag>>;
  hide(request: FastifyRequest, id: number, hidden: boolean): Promise<LostPostDetail>;
  adminClose(request: FastifyRequest, id: number): Promise<LostPostDetail>;
  dismissFlag(request: FastifyRequest, flagId: number): Promise<void>;
  /** A post's comments, oldest first (docs/decisions/0039). */
  comments(request: FastifyRequest, id: number, q: PageQuery): Promise<Page<LostComment>>;
  comment(request: FastifyRequest, id: number, input: LostCommentRequest): Promise<{ id: number }>;
  deleteComment(request: FastifyRequest, id: number, commentId: number): Promise<void>;
  /** The flyer or square image; `ifNoneMatch` is the browser's ETag, passed on. */
  flyer(request: FastifyRequest, id: number, format: LostFlyerFormat, ifNoneMatch: string | undefined): Promise<LostFlyer>;
  /** A missing report's match candidates (issue 28), for its owner and admins. */
  candidates(request: FastifyRequest, id: number): Promise<MatchCandidatesAnswer>;
  /** The owner's 아니에요 (dismiss, for good) or 우리 아이예요 (confirm). */
  decideCandidate(request: FastifyRequest, id: number, candidateId: number, action: 'dismiss' | 'confirm'): Promise<void>;
}
