import { useSWRConfig } from 'swr';
import {
  AdoptionApplicationListSchema,
  SessionUserSchema,
  StrayActionResultSchema,
  type AdoptionApplication,
  type NicknameUpdateRequest,
  type ProfileUpdateRequest,
  type SessionUser,
  type StrayActionResult,
} from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { useLiveNotice } from '@/lib/live-notices';
import { usePagedList } from '@/lib/use-paged-list';
import { SESSION_KEY } from '@/lib/session';

// The adopt list's key for the same list: a withdraw here refreshes it there too.
const MY_APPLICATIONS_KEY = '/api/adopt/adoption/my-applications';

/** Saves the member's e-mail, birth and phone; the answer is the session as it reads now, so the session cache takes it. */
export function useUpdateProfile(): (input: ProfileUpdateRequest) => Promise<SessionUser> {
  const { mutate } = useSWRConfig();
  return async (input) => {
    const session = await api('/api/users/me', { method: 'PUT', json: input, schema: SessionUserSchema });
    await mutate(SESSION_KEY, session, { revalidate: false });
    return session;
  };
}

/** Changes the member's nickname; the session cache takes the answer (the header and my page read it). */
export function useUpdateNickname(): (input: NicknameUpdateRequest) => Promise<SessionUser> {
  const { mutate } = useSWRConfig();
  return async (input) => {
    const session = await api('/api/users/me/nickname', { method: 'PUT', json: input, schema: SessionUserSchema });
    await mutate(SESSION_KEY, session, { revalidate: false });
    return session;
  };
}

/** The member's own adoption applications, newest first, a page at a time; a reload also refreshes the adopt list's copy. */
export function useMyApplications() {
  const list = usePagedList<AdoptionApplication>(MY_APPLICATIONS_KEY, AdoptionApplicationListSchema);
  const { mutate } = useSWRConfig();
  // A decision arriving live (the bell's STOMP message) updates the list without a reload (issue 25 item 3).
  useLiveNotice((n) => {
    if (n.kind === 'ADOPTION_RESULT') void list.reload();
  });
  return {
    ...list,
    applications: list.items,
    reload: async () => {
      await Promise.all([list.reload(), mutate(MY_APPLICATIONS_KEY)]);
    },
  };
}

export function withdrawApplication(id: number): Promise<StrayActionResult> {
  return api(`/api/adopt/withdraw/${id}`, { method: 'POST', schema: StrayActionResultSchema });
}
