import type { MatchCandidate } from '@pawbridge/shared/lost.matching';

/** Where a candidate's own page is: a found/seen post, a stray's page, a shelter notice's page. */
export const candidatePage = (kind: MatchCandidate['kind'], recordId: string): string =>
  kind === 'STRAY' ? `/adopt/${recordId}` : kind === 'SHELTER' ? `/shelter/${recordId}` : `/lost/${recordId}`;
