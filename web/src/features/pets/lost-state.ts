import useSWR from 'swr';
import { PAGE_LIMITS } from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';

// Which of the owner's dogs have an open missing report (issue 27). `GET /api/lost/my-posts` names no dog, so each open
// missing report's page (the author sees its registration number, which is the dog's id) says which dog it is.
// A member may have at most 5 open reports, so this is at most 5 small reads. Schemas load with the answer.

const lostSchemas = () => import('@pawbridge/shared/lost.schema');
export const PET_LOST_KEY = 'pets:lost-reports';

async function openReportsByPet(): Promise<Record<string, number>> {
  const posts = await api('/api/lost/my-posts', {
    query: { page: 1, size: PAGE_LIMITS.sizeMax },
    schema: async () => (await lostSchemas()).LostPostListSchema,
  });
  const open = posts.filter((p) => p.kind === 'MISSING' && p.status === 'OPEN');
  const details = await Promise.all(
    open.map((p) => api(`/api/lost/posts/${p.id}`, { schema: async () => (await lostSchemas()).LostPostDetailSchema })),
  );
  const byPet: Record<string, number> = {};
  for (const d of details) if (d.registrationNo && byPet[d.registrationNo] === undefined) byPet[d.registrationNo] = d.id;
  return byPet;
}

/** Whether lost reports exist here (not on the legacy) and, per dog id, its open missing report's post id. */
export function usePetLostReports(enabled: boolean) {
  const { config } = usePublicConfig();
  const on = enabled && config?.lostAndFound === true;
  const { data } = useSWR(on ? PET_LOST_KEY : null, openReportsByPet, { shouldRetryOnError: false, revalidateOnFocus: false });
  return { lostEnabled: on, lostPostOf: (petId: string): number | undefined => data?.[petId] };
}
