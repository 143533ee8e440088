import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import type { ApiContext } from '../../context';
import { keyFromUploadUrl } from '../../integrations/storage';
import { lostError } from './lost.errors';
import { renderFlyerPdf } from './lost.flyer.pdf';
import { renderFlyerSquare } from './lost.flyer.square';
import { FLYER_WORDS, flyerDate, flyerDogLine, flyerPlace } from './lost.flyer.words';
import type { LostService } from './lost.service';

/** Bumped when the layout changes, so a browser's cached flyer (by ETag) is drawn again. */
const FLYER_LAYOUT_VERSION = 1;

/** What a flyer says, already in words: public fields only (the place in words, never a coordinate). */
export interface FlyerContent {
  postId: number;
  /** The post's page, from PUBLIC_ORIGIN: printed under the QR code and encoded in it. */
  url: string;
  name: string;
  dogLine: string;
  colour: string | null;
  features: string | null;
  place: string;
  date: string;
  onSight: string | null;
  reward: number | null;
  /** The phone only when the owner chose to show it; otherwise contact goes through the site. */
  phone: string | null;
  qr: QRCode.BitMatrix;
  /** The first photo, already a JPEG cut to `photoSize` (cover), or null when it cannot be read. */
  photo: Buffer | null;
}

export function flyerContent(post: LostPostDetail, origin: string): Omit<FlyerContent, 'photo'> {
  const url = `${origin.replace(/\/+$/, '')}/lost/${post.id}`;
  return {
    postId: post.id,
    url,
    name: post.name?.trim() || FLYER_WORDS.unnamed,
    dogLine: flyerDogLine(post),
    colour: post.colour,
    features: post.features,
    place: flyerPlace(post),
    date: flyerDate(post.happenedDate, post.happenedTime),
    onSight: post.onSight,
    reward: post.reward && post.reward > 0 ? post.reward : null,
    phone: post.contact === 'PHONE' ? post.phone : null,
    qr: QRCode.create(url, { errorCorrectionLevel: 'M' }).modules,
  };
}

export type FlyerFormat = 'pdf' | 'square';

/**
 * The printable flyer (A4 PDF) and the 1:1 image of an open missing report (issue 27, decision 0038).
 * Public, like the post's page, but never for a hidden post (404 for everyone), a sighting (409
 * LOST_WRONG_KIND) or a closed report (409 LOST_POST_CLOSED).
 */
export class LostFlyerService {
  constructor(
    private readonly ctx: ApiContext,
    private readonly lost: LostService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The post's flyer content and an ETag of everything drawn (the photo by its URL, which never changes in place). */
  async prepare(id: number, format: FlyerFormat): Promise<{ post: LostPostDetail; etag: string }> {
    const post = await this.lost.detail(id, null);
    if (post.kind !== 'MISSING') throw lostError(409, 'INVALID_STATE', 'LOST_WRONG_KIND');
    if (post.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
    const { qr: _qr, ...words } = flyerContent(post, this.ctx.config.publicOrigin);
    const hash = createHash('sha256')
      .update(JSON.stringify([FLYER_LAYOUT_VERSION, format, words, post.photoUrls[0] ?? null]))
      .digest('base64url')
      .slice(0, 27);
    return { post, etag: `"${format}-${hash}"` };
  }

  async render(post: LostPostDetail, format: FlyerFormat): Promise<Buffer> {
    const content: FlyerContent = { ...flyerContent(post, this.ctx.config.publicOrigin), photo: null };
    const size = format === 'pdf' ? { width: 1569, height: 786 } : { width: 960, height: 430 };
    content.photo = await this.photo(post.photoUrls[0], size);
    return format === 'pdf' ? renderFlyerPdf(content) : renderFlyerSquare(content);
  }

  /** The first photo as a JPEG of `size` (cover); a photo that cannot be read leaves a blank box rather than no flyer. */
  private async photo(url: string | undefined, size: { width: number; height: number }): Promise<Buffer | null> {
    const key = keyFromUploadUrl(url);
    if (!key) return null;
    try {
      const bytes = await this.ctx.storage.get(key);
      if (!bytes) return null;
      return await sharp(bytes)
        .rotate()
        .resize({ ...size, fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82 })
        .toBuffer();
    } catch (err) {
      this.log.warn({ err, key }, 'lost flyer photo unreadable');
      return null;
    }
  }
}
