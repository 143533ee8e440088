import { imageTypeOf } from '@pawbridge/server-kit/image-type';
import sharp, { type Metadata } from 'sharp';
import { DEFAULT_ERROR_MESSAGES, LIMITS } from '@pawbridge/shared';
import { ApiHttpError } from './errors';

/** A photo ready to store: the main picture and its list thumbnail, both WebP. */
export interface CleanImage {
  bytes: Buffer;
  thumbnail: Buffer;
  ext: 'webp';
  mime: 'image/webp';
}

const unsupported = DEFAULT_ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE;
/** sharp's refusal of `limitInputPixels` (it throws rather than answering a code). */
const overLimit = (err: unknown) => /pixel limit/i.test(err instanceof Error ? err.message : '');

/**
 * Decide the type by content (magic bytes), never by name; refuse a picture
 * declaring more than `LIMITS.imageMaxPixels` from its header alone (a small
 * file can declare 16000×16000 and cost seconds of CPU and gigabytes to
 * decode); then re-encode to WebP at most 2048 px on the long edge, plus a
 * 480 px thumbnail. Re-encoding drops EXIF/GPS and other metadata, and
 * `rotate()` applies the EXIF orientation first so photos stay upright.
 * `errorBody` builds the route's legacy-shaped error body.
 */
export async function cleanImage(input: Buffer, errorBody: (message: string) => string | Record<string, unknown>): Promise<CleanImage> {
  if (input.length > LIMITS.imageMaxBytes) throw new ApiHttpError(413, errorBody(DEFAULT_ERROR_MESSAGES.PAYLOAD_TOO_LARGE));
  const type = await imageTypeOf(input);
  if (!type) throw new ApiHttpError(415, errorBody(unsupported));
  const tooLarge = () => new ApiHttpError(413, errorBody(DEFAULT_ERROR_MESSAGES.IMAGE_TOO_LARGE));
  const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
  // sharp counts every frame of an animation against the limit, so the cap holds for those too.
  const source = (frames: boolean) => sharp(input, { limitInputPixels: LIMITS.imageMaxPixels, animated: frames && animated });

  let meta: Metadata;
  try {
    meta = await source(true).metadata();
  } catch (err) {
    throw overLimit(err) ? tooLarge() : new ApiHttpError(415, errorBody(unsupported));
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (animated ? (meta.pages ?? 1) : 1);
  if (pixels > LIMITS.imageMaxPixels) throw tooLarge();

  const fit = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });
  try {
    const [bytes, thumbnail] = await Promise.all([
      source(true).rotate().resize(fit(LIMITS.imageStoredMaxEdge)).webp({ quality: 82 }).toBuffer(),
      source(false).rotate().resize(fit(LIMITS.imageThumbnailMaxEdge)).webp({ quality: 75 }).toBuffer(),
    ]);
    return { bytes, thumbnail, ext: 'webp', mime: 'image/webp' };
  } catch (err) {
    throw overLimit(err) ? tooLarge() : new ApiHttpError(415, errorBody(unsupported));
  }
}
