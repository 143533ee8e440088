import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index';
import { openEmptyScene } from './matching.test-helpers';
import { BREED_WORDS, BREEDS, MIX_WORDS, readBreed, storedBreed } from './scorer/breeds';

// Migration 0029 (decision 0049 amended): each record's breed reading stored on its row by the SQL
// function match_breed_reading over the word table the api writes from scorer/breeds.ts. Where it gives a
// key it must be readBreed's; anything it cannot read exactly must be NULL (a row never left out).
// This file: the reading against readBreed's; matching.breed-words-triggers.test.ts: the reading kept on the rows and refreshed.
let d: Database;
beforeAll(async () => {
  d = await openEmptyScene();
});
afterAll(() => d.close());

type Reading = { key: string; group: string } | null;

/** The database's readings of many texts at once. */
async function readings(texts: string[]): Promise<Reading[]> {
  const r = await sql<{ r: string[] | null }>`
    SELECT match_breed_reading(t) AS r FROM unnest(${texts}::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n`.execute(d.db);
  return r.rows.map((x) => (x.r ? { key: x.r[0]!, group: x.r[1]! } : null));
}

/** A small seeded generator (mulberry32): the same strings every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALL_WORDS = [...BREEDS.flatMap((b) => b.words), ...MIX_WORDS];
/** Characters the database does not read (every one must make the reading NULL). */
const ODD = [
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '\u200b',
  '\u001f',
  'ㄱ',
  'ㅏ',
  'Ｍ',
  '\u212a',
  'İ',
  'ß',
  'é',
  '🐶',
  '\u1100\u1161',
  '꯿',
  'ힰ',
  '!',
  '&',
  '+',
];
/** Pieces the random strings are made of: words, parts of words, letters, the punctuation readBreed drops, odd characters. */
const PIECES = [
  ...ALL_WORDS,
  ...ALL_WORDS.map((w) => w.toUpperCase()),
  ...ALL_WORDS.map((w) => w.slice(0, Math.ceil(w.length / 2))),
  ...ALL_WORDS.map((w) => w.slice(Math.floor(w.length / 2))),
  '개',
  '견',
  '도',
  '흰',
  '갈색',
  '소형견',
  'a',
  'M',
  'x',
  '7',
  ' ',
  '  ',
  '-',
  '_',
  '·',
  '.',
  ',',
  '/',
  '(',
  ')',
  '[',
  ']',
  ...ODD,
];

function randomTexts(n: number, odd: boolean): string[] {
  const next = random(odd ? 49 : 28);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const pieces = odd ? PIECES : PIECES.filter((p) => !ODD.includes(p));
  return Array.from({ length: n }, () => Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(pieces)).join(''));
}

describe('the stored breed reading (migration 0029)', () => {
  it('every word of the table is one the database can find (Hangul, ASCII letters and digits, brackets)', () => {
    for (const w of BREED_WORDS) expect(w.word).toMatch(/^[\uAC00-\uD7A3a-z0-9[\]]+$/);
    expect(BREED_WORDS.map((w) => w.ord)).toEqual(BREED_WORDS.map((_, i) => i));
  });

  it("equals readBreed's key and group wherever it gives one, and is NULL for what it cannot read exactly", async () => {
    const texts = [
      ...ALL_WORDS,
      ...ALL_WORDS.map((w) => ` ${w.toUpperCase()} `),
      ...ALL_WORDS.map((w) => `[개] ${w}`),
      ...ALL_WORDS.map((w) => `${w} 믹스`),
      ...BREEDS.flatMap((b) => b.words.flatMap((w) => BREEDS.map((o) => `${w}${o.words[0]}`))),
      '진도 믹스',
      '[개] 말티즈',
      '[개] 진도견',
      '[고양이] 코리안숏헤어',
      'Maltese',
      'MALTESE',
      'Golden Retriever',
      'golden-retriever',
      '말티즈(추정)',
      '말티-푸',
      '비숑 프리제',
      '토이 푸들',
      '강아지 진도',
      '진도 강아지',
      '모름',
      '',
      '   ',
      ...randomTexts(3000, false),
    ];
    const oddTexts = [
      '말티즈\t',
      '말티즈\n',
      '\u00a0말티즈',
      '말티즈\u3000',
      '말\u200b티즈',
      'ㄱ말티즈',
      'Ｍａｌｔｅｓｅ',
      'pe\u212aingese',
      'PE\u212aINGESE',
      '말티즈!',
      '진돗개 & 말티즈',
      '\u001f진돗개',
      ...ALL_WORDS.flatMap((w) => ODD.map((o) => `${w}${o}`)),
      ...randomTexts(3000, true).filter((t) => ODD.some((o) => t.includes(o))),
    ];
    const stored = await readings([...texts, ...oddTexts]);
    let keyed = 0;
    [...texts, ...oddTexts].forEach((t, i) => {
      // The code mirror (storedBreed, what the pre-filter's tests use) is the database's reading…
      expect({ t, r: stored[i] }).toEqual({ t, r: storedBreed(t) });
      // …and where it names a breed it is readBreed's, no mix.
      const js = readBreed(t);
      if (stored[i]) expect({ t, key: js.key, group: js.group, mix: js.mix }).toEqual({ t, ...stored[i], mix: false });
      else if (i < texts.length) expect({ t, read: js.key !== null && !js.mix }).toEqual({ t, read: false });
      if (stored[i]) keyed += 1;
    });
    // Every odd text is NULL, though readBreed reads a breed in many of them.
    expect(stored.slice(texts.length).every((r) => r === null)).toBe(true);
    expect(oddTexts.filter((t) => readBreed(t).key && !readBreed(t).mix).length).toBeGreaterThan(300);
    expect(keyed).toBeGreaterThan(1000); // the cases do name breeds
    expect(stored.some((r) => r?.key === 'MALTIPOO')).toBe(true);
  });
});
