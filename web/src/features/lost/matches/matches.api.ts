import useSWR from 'swr';
import { MatchCandidatesAnswerSchema, type MatchCandidatesAnswer } from '@pawbridge/shared/lost.matching';
import { api } from '@/lib/api-client';

// The likely-match section (issue 28): a missing report's candidates and the owner's two answers (the BFF's paths).

export const candidatesPath = (postId: number) => `/api/lost/posts/${postId}/candidates`;

/** The report's candidates, best first; `postId` null asks nothing (not the owner's or an admin's report). */
export function useMatchCandidates(postId: number | null) {
  const { data, error, isLoading, mutate } = useSWR<MatchCandidatesAnswer>(
    postId ? candidatesPath(postId) : null,
    (k: string) => api(k, { schema: MatchCandidatesAnswerSchema }),
    { shouldRetryOnError: false },
  );
  return { answer: data, error: error as unknown, isLoading, reload: () => mutate() };
}

export function decideCandidate(postId: number, candidateId: number, action: 'dismiss' | 'confirm'): Promise<unknown> {
  return api(`${candidatesPath(postId)}/${candidateId}/${action}`, { method: 'POST' });
}
