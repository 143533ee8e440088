import type { CandidateRow } from './matching.candidates.repository';
import type { CandidateKind } from './matching.tables';

// The match notices' own words (decision 0042): the bell's legacy-shaped sentence and the e-mails. The web
// words the bell from the code and `about`; mail is written on the server, as the lost notices' is
// (lost.relay.service.ts). Never a position: km rounded to 0.1 at most.

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const named = (name: string | null) => (name ? `'${clip(name, 30)}' ` : '');

const KIND_WORDS: Record<CandidateKind, string> = {
  FOUND: '발견 글',
  SEEN: '목격 글',
  STRAY: '유기견 제보',
  SHELTER: '보호소 공고',
};

export const MATCH_SENTENCES = {
  match: (name: string | null) => `${named(name)}실종 신고와 닮은 아이가 나타났어요. 가능성 있는 아이들에서 확인해 주세요.`,
  digest: (name: string | null, count: number) => `${named(name)}실종 신고와 닮은 아이 ${count}마리를 찾았어요.`,
  confirmed: (name: string | null) => `회원님이 올린 글의 아이를 ${named(name)}실종 신고의 보호자가 우리 아이라고 확인했어요.`,
};

/** One candidate as a line of the e-mail: kind, score, distance in km (rounded), the day. */
export function candidateLine(c: Pick<CandidateRow, 'candidateKind' | 'score' | 'km'>, date: string | null): string {
  const parts = [KIND_WORDS[c.candidateKind], `일치도 ${c.score}점`];
  if (c.km !== null) parts.push(`${(Math.round(c.km * 10) / 10).toFixed(1)} km 떨어진 곳`);
  if (date) parts.push(date);
  return `- ${parts.join(' · ')}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain e-mail of paragraphs, one of which is the link. */
export function mailOf(to: string, subject: string, paragraphs: string[], link: string) {
  return {
    to,
    subject: `[포브리지] ${clip(subject, 60)}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs
      .map((p) =>
        p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
      )
      .join(''),
  };
}
