import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEFAULT_ERROR_MESSAGES } from '@pawbridge/shared';
import { cleanImage } from './images';
import { ApiHttpError } from './errors';
import { pngBomb } from '../testing/fixtures';

const errorBody = (message: string) => ({ success: false, message });

describe('cleanImage', () => {
  it('re-encodes a JPEG and strips its EXIF metadata', async () => {
    const withExif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c96' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'GPS-Cam' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const out = await cleanImage(withExif, errorBody);
    expect(out.ext).toBe('webp');
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

  it('refuses a small file declaring 16000×16000 pixels with 413 and the image-too-large message, without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(64 * 1024);
    const err = await cleanImage(bomb, errorBody).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiHttpError);
    expect((err as ApiHttpError).status).toBe(413);
    expect((err as ApiHttpError).body).toEqual({ success: false, message: DEFAULT_ERROR_MESSAGES.IMAGE_TOO_LARGE });
  });

  it('stores at most 2048 px on the long edge as WebP, with a 480 px thumbnail', async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const out = await cleanImage(big, errorBody);
    expect(out.mime).toBe('image/webp');
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'webp', width: 2048, height: 512 });
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 480, height: 120 });
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#36a' } })
      .jpeg()
      .toBuffer();
    const out = await cleanImage(small, errorBody);
    expect(await sharp(out.bytes).metadata()).toMatchObject({ width: 300, height: 200 });
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ width: 300, height: 200 });
  });
});
