import useSWR from 'swr';
import {
  EmailPreferencesSchema,
  NeighbourhoodAnswerSchema,
  UnsubscribeAnswerSchema,
  type EmailKind,
  type EmailPreferences,
  type NeighbourhoodSettingRequest,
  type UnsubscribeAnswer,
} from '@pawbridge/shared/alerts.schema';
import { api } from '@/lib/api-client';

// neighbourhood alerts and e-mail preferences (issue 28): the member's own setting, the reach, the switches, the unsubscribe.
const NEIGHBOURHOOD = '/api/me/neighbourhood';
const EMAIL_PREFERENCES = '/api/me/email-preferences';

export function useNeighbourhood(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR(enabled ? NEIGHBOURHOOD : null, (k: string) =>
    api(k, { schema: NeighbourhoodAnswerSchema }),
  );
  return {
    setting: data?.setting ?? null,
    loaded: data !== undefined,
    error: error as unknown,
    isLoading,
    save: async (input: NeighbourhoodSettingRequest) => {
      const saved = await api(NEIGHBOURHOOD, { method: 'PUT', json: input, schema: NeighbourhoodAnswerSchema });
      await mutate(saved, { revalidate: false });
    },
    remove: async () => {
      await api(NEIGHBOURHOOD, { method: 'DELETE' });
      await mutate({ setting: null }, { revalidate: false });
    },
  };
}

export function useEmailPreferences(enabled: boolean) {
  const { data, error, mutate } = useSWR(enabled ? EMAIL_PREFERENCES : null, (k: string) => api(k, { schema: EmailPreferencesSchema }));
  return {
    preferences: data,
    error: error as unknown,
    set: async (kind: EmailKind, on: boolean): Promise<EmailPreferences> => {
      const next = await api(EMAIL_PREFERENCES, { method: 'PUT', json: { kind, enabled: on }, schema: EmailPreferencesSchema });
      await mutate(next, { revalidate: false });
      return next;
    },
  };
}

export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return api('/api/unsubscribe', { method: 'POST', json: { token }, schema: UnsubscribeAnswerSchema });
}
