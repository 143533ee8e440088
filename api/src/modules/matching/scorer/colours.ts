/**
 * Colour words (issue 28) → colour families. Owners, finders and the portal's colorCd describe one
 * coat in different words ("갈색", "브라운", "황색", "누런색"); each family's words are found anywhere in
 * the text, so "흰색+갈색 얼룩" gives WHITE and BROWN. Neighbouring families (cream beside white, brown
 * beside red and cream) are told apart by light and photos, so they count as similar. Decision 0039.
 */
export type ColourFamily = 'WHITE' | 'CREAM' | 'BROWN' | 'RED' | 'BLACK' | 'GREY' | 'TAN_POINTS' | 'SPOTTED';

export const COLOUR_WORDS: Record<ColourFamily, string[]> = {
  WHITE: ['흰색', '흰', '하얀', '하양', '백색', '화이트', 'white', '흰둥이'],
  CREAM: ['크림', '베이지', '아이보리', '살구', '연갈색', '미색', 'cream', 'beige', 'apricot'],
  BROWN: ['갈색', '브라운', '황색', '누런', '누렁', '황토', '밤색', '초코', '쵸코', '고동', '카키', 'brown', 'chocolate', '황갈색'],
  RED: ['적색', '적갈색', '빨간', '레드', '붉은', 'red'],
  BLACK: ['검정', '검은', '까만', '까망', '흑색', '블랙', 'black'],
  GREY: ['회색', '그레이', '은색', '실버', '쥐색', 'grey', 'gray', 'silver', '블루'],
  TAN_POINTS: ['블랙탄', '블랙앤탄', '블랙&탄', '탄색'],
  SPOTTED: ['얼룩', '점박이', '바둑이', '삼색', '멀색', '멀무늬', '브린들', '호피', '칼리코', '턱시도'],
};

/** Families next to each other on a coat chart: a mismatch between them is not a conflict. */
const NEIGHBOURS: [ColourFamily, ColourFamily][] = [
  ['WHITE', 'CREAM'],
  ['CREAM', 'BROWN'],
  ['BROWN', 'RED'],
  ['BLACK', 'GREY'],
  ['BLACK', 'TAN_POINTS'],
  ['BROWN', 'TAN_POINTS'],
];

import { memoByText } from './memo';

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');

const ALL = (Object.entries(COLOUR_WORDS) as [ColourFamily, string[]][])
  .flatMap(([family, words]) => words.map((w) => ({ family, word: squash(w) })))
  .sort((a, b) => b.word.length - a.word.length);

function readColourWords(words: string | null): ReadonlySet<ColourFamily> {
  const found = new Set<ColourFamily>();
  if (!words?.trim()) return found;
  let text = squash(words);
  for (const { family, word } of ALL) {
    if (!text.includes(word)) continue;
    found.add(family);
    text = text.split(word).join('|');
  }
  return found;
}

/** The colour families named in the words; longer words claim their letters first ("블랙탄" is not also "블랙"). Each wording read once. */
export const readColours: (words: string | null) => ReadonlySet<ColourFamily> = memoByText(readColourWords);

export function neighbours(a: ColourFamily, b: ColourFamily): boolean {
  return NEIGHBOURS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}
