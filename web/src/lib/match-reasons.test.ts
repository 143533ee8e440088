import { describe, expect, it } from 'vitest';
import { matchReasonsText, type ReasonLike } from './match-reasons';

// Photo similarity (decision 0046): worded as what it is, and only when the api computed it.
describe('match reasons: photo likeness', () => {
  const base: ReasonLike[] = [
    { code: 'DISTANCE', points: 12, km: 2 },
    { code: 'SAME_BREED', points: 20, breed: 'JINDO' },
  ];

  it('says the photos look alike, with the similarity, when the reason is there', () => {
    expect(matchReasonsText([...base, { code: 'PHOTO_LOOKS_ALIKE', points: 17, percent: 93 }], 'FOUND')).toBe(
      '2.0 km 떨어진 곳, 사진이 닮았어요 (유사도 93%), 같은 품종',
    );
  });

  it('says nothing about photos or AI when the api sent no likeness (no model configured)', () => {
    const text = matchReasonsText(base, 'FOUND');
    expect(text).toBe('2.0 km 떨어진 곳, 같은 품종');
    expect(text).not.toMatch(/사진|AI|유사도/);
  });
});
