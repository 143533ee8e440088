import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MIME_TYPES } from '@pawbridge/shared';

export interface ImageType {
  mime: (typeof IMAGE_MIME_TYPES)[number];
  ext: string;
}

/**
 * The product's image types decided by content (magic bytes), never by the name or the declared
 * type: the one check behind the BFF's upload reader and the api's image cleaning (decision 0028).
 * Null when the bytes are not one of IMAGE_MIME_TYPES.
 */
export async function imageTypeOf(bytes: Uint8Array): Promise<ImageType | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type && (IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)
    ? { mime: type.mime as ImageType['mime'], ext: type.ext }
    : null;
}
