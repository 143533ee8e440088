import { describe, expect, it } from 'vitest';
import { hammingBits } from './photo-distance';

/** The plain definition: the set bits of the XOR, one at a time. */
function reference(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  for (; x; x >>= 1n) n += Number(x & 1n);
  return n;
}

const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

describe('hammingBits', () => {
  it('counts the differing bits of two 64-bit hashes, as the plain definition does', () => {
    expect(hammingBits('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingBits('8000000000000001', '0000000000000000')).toBe(2);
    expect(hammingBits('0123456789ABCDEF', '0123456789abcdef')).toBe(0);
    for (let i = 0; i < 2000; i++) {
      const [a, b] = [hex(16), hex(16)];
      expect(hammingBits(a, b), `${a} ${b}`).toBe(reference(a, b));
    }
  });

  it('calls an unreadable hash 64 bits away', () => {
    expect(hammingBits('0123', '0123456789abcdef')).toBe(64);
    expect(hammingBits('0123456789abcdeg', '0123456789abcdef')).toBe(64);
    expect(hammingBits('-123456789abcdef', '0123456789abcdef')).toBe(64);
  });
});
