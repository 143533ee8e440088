import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cleanImage } from './images';
import { ApiHttpError } from './errors';

const errorBody = (message: string) => ({ success: false, message });

describe('cleanImage', () => {
  it('re-encodes a JPEG and strips its EXIF metadata', async () => {
    const withExif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c96' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'GPS-Cam' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const out = await cleanImage(withExif, errorBody);
    expect(out.ext).toBe('jpg');
    expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
  });

  it('rejects text named like an image with 415', async () => {
    const err = await cleanImage(Buffer.from('not an image at all'), errorBody).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiHttpError);
    expect((err as ApiHttpError).status).toBe(415);
  });

  it('rejects more than 5 MB with 413', async () => {
    const err = await cleanImage(Buffer.alloc(5 * 1024 * 1024 + 1), errorBody).catch((e: unknown) => e);
    expect((err as ApiHttpError).status).toBe(413);
  });
});
