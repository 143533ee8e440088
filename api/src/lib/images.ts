import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MIME_TYPES, LIMITS } from '@pawbridge/shared';
import { ApiHttpError } from './errors';

export interface CleanImage {
  bytes: Buffer;
  ext: 'jpg' | 'png' | 'webp' | 'gif';
  mime: string;
}

const EXT: Record<string, CleanImage['ext']> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * Decide the type by content (magic bytes), never by name, then re-encode:
 * sharp drops EXIF/GPS and other metadata unless asked to keep it, and
 * `rotate()` applies the EXIF orientation first so photos stay upright.
 * `errorBody` builds the route's legacy-shaped error body.
 */
export async function cleanImage(input: Buffer, errorBody: (message: string) => string | Record<string, unknown>): Promise<CleanImage> {
  if (input.length > LIMITS.imageMaxBytes) throw new ApiHttpError(413, errorBody('파일 크기는 5MB 이하여야 합니다.'));
  const type = await fileTypeFromBuffer(input);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw new ApiHttpError(415, errorBody('이미지 파일만 업로드할 수 있습니다.'));
  }
  const ext = EXT[type.mime] ?? 'jpg';
  try {
    const pipeline = sharp(input, { animated: ext === 'gif' || ext === 'webp' }).rotate();
    const bytes =
      ext === 'jpg'
        ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
        : ext === 'png'
          ? await pipeline.png().toBuffer()
          : ext === 'webp'
            ? await pipeline.webp({ quality: 85 }).toBuffer()
            : await pipeline.gif().toBuffer();
    return { bytes, ext, mime: type.mime };
  } catch {
    throw new ApiHttpError(415, errorBody('이미지 파일만 업로드할 수 있습니다.'));
  }
}
