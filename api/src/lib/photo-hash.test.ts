import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hammingBits } from '../modules/matching/scorer/photo-distance';
import { photoHash } from './photo-hash';

/** A picture with structure (a gradient and a block), so its hash is not all one bit. */
async function picture(seed: number, width = 640, height = 480): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const inBlock = x > width * (0.2 + seed * 0.1) && x < width * (0.5 + seed * 0.1) && y > height * 0.3 && y < height * 0.7;
      const v = inBlock ? 230 : Math.round(((x * (seed + 1) + y * (3 - seed)) / (width + height)) * 200) % 255;
      raw[i] = v;
      raw[i + 1] = (v * (seed + 2)) % 255;
      raw[i + 2] = 255 - v;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('photoHash', () => {
  it('gives the same photo, re-encoded and resized (a repost), a hash a few bits away; another photo a distant one', async () => {
    const original = await picture(0);
    const repost = await sharp(original).resize(320).webp({ quality: 60 }).toBuffer();
    const other = await picture(2);
    const [a, b, c] = await Promise.all([photoHash(original), photoHash(repost), photoHash(other)]);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingBits(a!, b!)).toBeLessThanOrEqual(6);
    expect(hammingBits(a!, c!)).toBeGreaterThan(12);
  });

  it('answers null for bytes that are not an image, never throwing', async () => {
    await expect(photoHash(Buffer.from('not an image'))).resolves.toBeNull();
  });
});
