/**
 * Photos that fit the screen (issue 26). Our api stores every photo with a 480 px WebP beside it,
 * `/uploads/<key>.thumb.webp` (api/src/integrations/storage.ts): list and carousel cards show that,
 * an animal's own page the full photo. Other photos (the legacy's, the shelters') have no thumbnail.
 */
const OUR_PHOTO = /^\/uploads\/([a-f0-9]{32})\.(jpg|png|webp|gif)$/;

/** The 480 px list picture of one of our photos, or null for any other URL. */
export function thumbnailOf(src: string | null | undefined): string | null {
  const m = src ? OUR_PHOTO.exec(src) : null;
  return m ? `/uploads/${m[1]}.thumb.webp` : null;
}

/** The thumbnails' long edge (LIMITS.imageThumbnailMaxEdge in the api). */
export const THUMBNAIL_WIDTH = 480;

/** The `<img>` attributes of a card's photo: the thumbnail where there is one, its size, and when to load it. */
export function cardPhoto(src: string | null | undefined, opts: { first: boolean; sizes: string }) {
  const thumb = thumbnailOf(src);
  return {
    src: thumb ?? src,
    srcSet: thumb ? `${thumb} ${THUMBNAIL_WIDTH}w` : undefined,
    sizes: thumb ? opts.sizes : undefined,
    // 4:3, the cards' box: the browser reserves the room before the picture arrives.
    width: THUMBNAIL_WIDTH,
    height: 360,
    loading: opts.first ? ('eager' as const) : ('lazy' as const),
    fetchPriority: opts.first ? ('high' as const) : undefined,
    decoding: 'async' as const,
  };
}

/** `sizes` of the adopt grid (1, 2, 3 then 4 columns at Mantine's xs, md, lg) and of the home carousel (80 %, 50 %, 25 %). */
export const ADOPT_GRID_SIZES = '(min-width: 75em) 25vw, (min-width: 62em) 33vw, (min-width: 36em) 50vw, 100vw';
export const CAROUSEL_SIZES = '(min-width: 62em) 25vw, (min-width: 36em) 50vw, 80vw';
