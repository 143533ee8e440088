// The home strip's reads, kept off classic zod and the lost schemas: the strip loads on every visitor's /
// (bench/budget.json), so its answers are checked with zod/mini, the way lib/first-load-schemas.ts checks
// the home's other first answers. The shapes mirror LostPostSummarySchema and LostStatsSchema (the type
// checks at the bottom fail the build if they drift apart).
import useSWR from 'swr';
import * as z from 'zod/mini';
import type { LostPostSummary, LostStats } from '@pawbridge/shared/lost.schema';
import { api } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';

const text = z.nullable(z.string());
const HomeMissingCheck = z.array(
  z.object({
    id: z.number(),
    kind: z.enum(['MISSING', 'FOUND', 'SEEN']),
    status: z.enum(['OPEN', 'REUNITED', 'CANCELLED', 'CLOSED']),
    name: text,
    breed: text,
    size: z.nullable(z.enum(['SMALL', 'MEDIUM', 'LARGE'])),
    gender: z.nullable(z.enum(['FEMALE', 'MALE', 'NEUTER'])),
    colour: text,
    reward: z.nullable(z.number()),
    photoUrl: text,
    address: z.string(),
    sido: text,
    sigungu: text,
    happenedDate: z.string(),
    happenedTime: z.string(),
    position: z.object({ lat: z.number(), lng: z.number() }),
    createdAt: z.string(),
  }),
);
const HomeStatsCheck = z.object({
  reunitedThisMonth: z.number(),
  openMissing: z.number(),
  flagsWaiting: z.nullable(z.number()),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const MISSING_CHECK_MATCHES_SHARED: Same<z.infer<typeof HomeMissingCheck>, LostPostSummary[]> = true;
export const STATS_CHECK_MATCHES_SHARED: Same<z.infer<typeof HomeStatsCheck>, LostStats> = true;

export const HOME_MISSING_SIZE = 6;

/** Lost and found is on here (false on the legacy, where the strip stays away). */
export const useLostOn = (): boolean => usePublicConfig().config?.lostAndFound === true;

/** The newest open missing reports. */
export const useHomeMissing = (on: boolean) =>
  useSWR(
    on ? '/api/lost/posts?kind=MISSING&status=OPEN&home' : null,
    () =>
      api('/api/lost/posts', { query: { kind: 'MISSING', status: 'OPEN', page: 1, size: HOME_MISSING_SIZE }, schema: HomeMissingCheck }),
    { shouldRetryOnError: false },
  );

/** This month's reunions (and open reports). */
export const useHomeStats = (on: boolean) =>
  useSWR(on ? '/api/lost/stats' : null, (k: string) => api(k, { schema: HomeStatsCheck }), { shouldRetryOnError: false });
