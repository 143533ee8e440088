import phash from 'sharp-phash';

/**
 * A photo's perceptual hash (DCT pHash via sharp-phash, 64 bits as 16 hex digits), computed when a
 * lost/found photo, a stray report's photo or a shelter notice's picture is stored, so matching can
 * recognise the same photo posted twice (issue 28, decisions 0039/0040). Never fails the store:
 * an image sharp cannot read gives null.
 */
export async function photoHash(bytes: Buffer): Promise<string | null> {
  try {
    const bits = await phash(bytes);
    if (!/^[01]{64}$/.test(bits)) return null;
    return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
  } catch {
    return null;
  }
}
