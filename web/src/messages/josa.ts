import { josa } from 'es-hangul';

type JosaPair = Parameters<typeof josa.pick>[1];

// How the last Latin letter or digit of a word is read aloud, which is what the
// particle follows: "…example.com" ends in 엠 (ㅁ) and takes 으로; "mail" ends
// in 엘 and takes 로. A Hangul syllable stands in for each reading.
const READINGS: Record<string, string> = {
  a: '이',
  b: '비',
  c: '씨',
  d: '디',
  e: '이',
  f: '프',
  g: '지',
  h: '치',
  i: '이',
  j: '이',
  k: '이',
  l: '엘',
  m: '엠',
  n: '엔',
  o: '오',
  p: '피',
  q: '큐',
  r: '알',
  s: '스',
  t: '티',
  u: '유',
  v: '이',
  w: '유',
  x: '스',
  y: '이',
  z: '트',
  0: '영',
  1: '일',
  2: '이',
  3: '삼',
  4: '사',
  5: '오',
  6: '육',
  7: '칠',
  8: '팔',
  9: '구',
};

/** The last readable character of `word` as a Hangul syllable, when it has one. */
function lastSound(word: string): string | null {
  const chars = [...word.trim()];
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    const ch = chars[i]!;
    if (/[가-힣]/.test(ch)) return ch;
    const reading = READINGS[ch.toLowerCase()];
    if (reading) return reading;
  }
  return null;
}

/**
 * The particle that follows `word` ("이/가", "을/를", "으로/로", …): es-hangul
 * decides from the final consonant; Latin letters and digits count as read aloud.
 */
export function particle(word: string, pair: string): string {
  const sound = lastSound(word);
  const choice = pair as JosaPair;
  // Unknown endings (symbols only): the form that follows a vowel reads most naturally.
  if (!sound) return pair.split('/')[1] ?? '';
  return josa.pick(sound, choice);
}
