/** A 64-bit perceptual hash written as 16 hex digits. */
export const isPhotoHash = (h: string): boolean => /^[0-9a-f]{16}$/i.test(h);

/** Set bits of a 32-bit integer (the SWAR count: no loop, no BigInt). */
export function bits32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Bits that differ between two 64-bit perceptual hashes written as 16 hex digits (64 when unreadable).
 * Each half is read as a 32-bit number: a missing report's job compares thousands of pairs.
 */
export function hammingBits(a: string, b: string): number {
  if (!isPhotoHash(a) || !isPhotoHash(b)) return 64;
  const hi = parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16);
  const lo = parseInt(a.slice(8), 16) ^ parseInt(b.slice(8), 16);
  return bits32(hi) + bits32(lo);
}
