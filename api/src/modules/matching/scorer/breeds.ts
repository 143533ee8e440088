import type { Species } from './match-record';
import { memoByText } from './memo';

/**
 * Korean breed words (issue 28): each breed's stable key, the words people and the portal write for it,
 * and its look-alike group — finders mistake a 비숑 for a 말티즈 or a 스피츠 for a 포메 far more often than
 * a 말티즈 for a 진돗개. Words are compared without spaces, lower-cased; the longest word found wins, so
 * "미니어처푸들" is a 푸들 and "진도믹스" a 진돗개 mix. Mix words (믹스/잡종/혼종…) mark a mix of the breed
 * named beside them, or a plain mix. Decision 0039.
 */
export interface BreedEntry {
  key: string;
  species: Species;
  group: string;
  words: string[];
}

export const MIX_WORDS = ['믹스견', '믹스', '잡종견', '잡종', '혼종', '혼혈', '잡견', '발바리', 'mix', 'mixed'];

export const BREEDS: BreedEntry[] = [
  // Korean native dogs, and the colloquial names of native-looking mixes (백구, 황구…).
  { key: 'JINDO', species: 'DOG', group: 'KOREAN_NATIVE', words: ['진돗개', '진도개', '진도견', '진도', 'jindo'] },
  { key: 'PUNGSAN', species: 'DOG', group: 'KOREAN_NATIVE', words: ['풍산개', '풍산견', '풍산'] },
  { key: 'SAPSAL', species: 'DOG', group: 'KOREAN_NATIVE', words: ['삽살개', '삽사리', '삽살'] },
  { key: 'DONGGYEONG', species: 'DOG', group: 'KOREAN_NATIVE', words: ['동경이', '동경견'] },
  { key: 'KOREAN_NATIVE', species: 'DOG', group: 'KOREAN_NATIVE', words: ['백구', '황구', '흑구', '누렁이', '시골개', '한국토종견'] },
  // Small white dogs.
  { key: 'MALTESE', species: 'DOG', group: 'SMALL_WHITE', words: ['말티즈', '몰티즈', '말티스', 'maltese'] },
  { key: 'BICHON', species: 'DOG', group: 'SMALL_WHITE', words: ['비숑프리제', '비숑프리세', '비숑', 'bichon'] },
  { key: 'POODLE', species: 'DOG', group: 'POODLE', words: ['토이푸들', '미니어처푸들', '스탠다드푸들', '푸들', 'poodle'] },
  { key: 'MALTIPOO', species: 'DOG', group: 'POODLE', words: ['말티푸', '몰티푸', 'maltipoo'] },
  // Spitz types.
  { key: 'POMERANIAN', species: 'DOG', group: 'SPITZ', words: ['포메라니안', '포메라이언', '포메', 'pomeranian'] },
  { key: 'SPITZ', species: 'DOG', group: 'SPITZ', words: ['재패니즈스피츠', '저먼스피츠', '스피츠', 'spitz'] },
  { key: 'SHIBA', species: 'DOG', group: 'SPITZ', words: ['시바이누', '시바견', '시바', 'shiba'] },
  { key: 'SAMOYED', species: 'DOG', group: 'NORDIC', words: ['사모예드', '사모예드견', 'samoyed'] },
  { key: 'HUSKY', species: 'DOG', group: 'NORDIC', words: ['시베리안허스키', '허스키', 'husky'] },
  { key: 'MALAMUTE', species: 'DOG', group: 'NORDIC', words: ['알래스칸말라뮤트', '말라뮤트', 'malamute'] },
  // Toy and small breeds.
  { key: 'CHIHUAHUA', species: 'DOG', group: 'TOY', words: ['치와와', 'chihuahua'] },
  { key: 'YORKSHIRE', species: 'DOG', group: 'TOY', words: ['요크셔테리어', '요크셔테리아', '요크셔', '요키', 'yorkshire'] },
  { key: 'SHIH_TZU', species: 'DOG', group: 'FLAT_FACE', words: ['시츄', '시추', '시즈', 'shihtzu'] },
  { key: 'PEKINGESE', species: 'DOG', group: 'FLAT_FACE', words: ['페키니즈', '페키니스', 'pekingese'] },
  { key: 'PUG', species: 'DOG', group: 'FLAT_FACE', words: ['퍼그', 'pug'] },
  { key: 'FRENCH_BULLDOG', species: 'DOG', group: 'FLAT_FACE', words: ['프렌치불독', '프렌치불도그', '프불', 'frenchbulldog'] },
  { key: 'BULLDOG', species: 'DOG', group: 'FLAT_FACE', words: ['잉글리시불독', '불독', '불도그', 'bulldog'] },
  { key: 'PAPILLON', species: 'DOG', group: 'TOY', words: ['파피용', '빠삐용', 'papillon'] },
  { key: 'MINIATURE_PINSCHER', species: 'DOG', group: 'TOY', words: ['미니어처핀셔', '미니핀', 'pinscher'] },
  { key: 'ITALIAN_GREYHOUND', species: 'DOG', group: 'SIGHTHOUND', words: ['이탈리안그레이하운드', '이탈리안그레이', '이탈그레이'] },
  { key: 'DACHSHUND', species: 'DOG', group: 'HOUND', words: ['닥스훈트', '닥스훈드', '닥스', 'dachshund'] },
  { key: 'BEAGLE', species: 'DOG', group: 'HOUND', words: ['비글', 'beagle'] },
  { key: 'CORGI', species: 'DOG', group: 'HERDING', words: ['웰시코기', '코기', 'corgi'] },
  { key: 'BORDER_COLLIE', species: 'DOG', group: 'HERDING', words: ['보더콜리', '보더꼴리', 'bordercollie'] },
  { key: 'SHEPHERD', species: 'DOG', group: 'HERDING', words: ['저먼셰퍼드', '저먼쉐퍼드', '셰퍼드', '쉐퍼드', '세퍼드', 'shepherd'] },
  { key: 'SCHNAUZER', species: 'DOG', group: 'TERRIER', words: ['미니어처슈나우저', '슈나우저', '슈나우져', 'schnauzer'] },
  { key: 'JACK_RUSSELL', species: 'DOG', group: 'TERRIER', words: ['잭러셀테리어', '잭러셀', 'jackrussell'] },
  { key: 'BEDLINGTON', species: 'DOG', group: 'TERRIER', words: ['베들링턴테리어', '베들링턴'] },
  { key: 'COCKER_SPANIEL', species: 'DOG', group: 'SPANIEL', words: ['아메리칸코카스파니엘', '코카스파니엘', '코커스패니얼', '코카'] },
  { key: 'CAVALIER', species: 'DOG', group: 'SPANIEL', words: ['카발리에킹찰스스패니얼', '킹찰스', '카발리에'] },
  { key: 'GOLDEN_RETRIEVER', species: 'DOG', group: 'RETRIEVER', words: ['골든리트리버', '골든리트리바', '골든', 'golden'] },
  { key: 'LABRADOR', species: 'DOG', group: 'RETRIEVER', words: ['래브라도리트리버', '래브라도', '라브라도', 'labrador'] },
  { key: 'RETRIEVER', species: 'DOG', group: 'RETRIEVER', words: ['리트리버', 'retriever'] },
  { key: 'DOBERMAN', species: 'DOG', group: 'GUARD', words: ['도베르만', 'doberman'] },
  { key: 'SHAR_PEI', species: 'DOG', group: 'GUARD', words: ['샤페이'] },
  { key: 'CHOW_CHOW', species: 'DOG', group: 'NORDIC', words: ['차우차우'] },
  { key: 'GREAT_PYRENEES', species: 'DOG', group: 'GUARD', words: ['그레이트피레니즈', '피레니즈'] },
  { key: 'DOG', species: 'DOG', group: 'ANY_DOG', words: ['[개]', '강아지', '개'] },
  // Cats (the portal's notices carry them; a lost dog never matches one).
  { key: 'KOREAN_SHORTHAIR', species: 'CAT', group: 'CAT', words: ['코리안숏헤어', '코숏', '한국고양이'] },
  { key: 'PERSIAN', species: 'CAT', group: 'CAT', words: ['페르시안'] },
  { key: 'RUSSIAN_BLUE', species: 'CAT', group: 'CAT', words: ['러시안블루'] },
  { key: 'BRITISH_SHORTHAIR', species: 'CAT', group: 'CAT', words: ['브리티시숏헤어', '브리티쉬숏헤어'] },
  { key: 'SCOTTISH_FOLD', species: 'CAT', group: 'CAT', words: ['스코티시폴드', '스코티쉬폴드'] },
  { key: 'CAT', species: 'CAT', group: 'CAT', words: ['[고양이]', '고양이', '냥이', 'cat'] },
];

/** Generic entries name the species only, never a breed. */
const GENERIC = new Set(['DOG', 'CAT']);

export interface BreedReading {
  /** The recognised breed's key, or null (a plain mix or words we do not know). */
  key: string | null;
  group: string | null;
  species: Species | null;
  mix: boolean;
}

const squash = (s: string) => s.toLowerCase().replace(/[\s\-_·.,/()]+/g, '');

/**
 * Every breed word squashed: the breeds' words first, the longest first (a stable sort: words of one length
 * in BREEDS' order), then the generic words the same way — the portal writes "[개] 푸들", and its longer
 * generic "[개]" must not hide the breed beside it.
 */
const INDEX = BREEDS.flatMap((b) => b.words.map((w) => ({ word: squash(w), entry: b }))).sort(
  (a, b) => Number(GENERIC.has(a.entry.key)) - Number(GENERIC.has(b.entry.key)) || b.word.length - a.word.length,
);

function readBreedWords(words: string | null): BreedReading {
  if (!words?.trim()) return { key: null, group: null, species: null, mix: false };
  const text = squash(words);
  const mix = MIX_WORDS.some((m) => text.includes(squash(m)));
  const hit = INDEX.find((i) => text.includes(i.word))?.entry;
  if (!hit) return { key: null, group: null, species: null, mix };
  if (GENERIC.has(hit.key)) return { key: null, group: null, species: hit.species, mix };
  return { key: hit.key, group: hit.group, species: hit.species, mix };
}

/** What breed words say: the longest known breed word (else a generic one), and whether a mix word is there (each wording read once). */
export const readBreed: (words: string | null) => Readonly<BreedReading> = memoByText(readBreedWords);

/**
 * readBreed's words as the rows of the database's word table (migration 0029, decision 0049 amended), in
 * the order readBreed tries them: the words as INDEX holds them (the generic ones last, naming no breed),
 * then the mix words. The api writes them at start (matching.breed-words.repository.ts).
 */
export interface BreedWordRow {
  ord: number;
  word: string;
  key: string | null;
  group: string | null;
  mix: boolean;
}

export const BREED_WORDS: readonly BreedWordRow[] = [
  ...INDEX.map(({ word, entry }, ord) =>
    GENERIC.has(entry.key)
      ? { ord, word, key: null, group: null, mix: false }
      : { ord, word, key: entry.key, group: entry.group, mix: false },
  ),
  ...MIX_WORDS.map((m, n) => ({ ord: INDEX.length + n, word: squash(m), key: null, group: null, mix: true })),
];

/**
 * The texts the database reads at all: Hangul syllables (U+AC00–U+D7A3), ASCII letters and digits, ASCII spaces and the
 * punctuation readBreed drops or keeps. On them lower-casing and dropping are the same in SQL and here.
 */
const STORABLE = /^[\uAC00-\uD7A3A-Za-z0-9 \-_·.,/()[\]]*$/;

/**
 * What the database stores for a record's breed words (migration 0029's match_breed_reading, on the rows
 * of BREED_WORDS): readBreed's key and group when it names a breed and no mix, for a text made of
 * STORABLE characters only; null — "can never differ" — otherwise. The pre-filter's code mirror.
 */
export function storedBreed(words: string | null): { key: string; group: string } | null {
  if (words === null || !STORABLE.test(words)) return null;
  const r = readBreed(words);
  return r.key && !r.mix ? { key: r.key, group: r.group! } : null;
}
