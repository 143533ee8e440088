import sharp from 'sharp';
import { LIMITS } from '@pawbridge/shared';

/**
 * True when a photo declares more pixels (every frame counted) than
 * LIMITS.imageMaxPixels. Only the header is read, so a decompression bomb
 * (a small file declaring 16000×16000) is refused here, in front of any
 * upstream, the legacy one included, before anything decodes it.
 */
export async function exceedsPixelLimit(bytes: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false, animated: true }).metadata();
    return (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1) > LIMITS.imageMaxPixels;
  } catch {
    // Not readable as an image: the upstream's own check answers that.
    return false;
  }
}
