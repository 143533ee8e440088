import useSWR from 'swr';
import { OkSchema, PublicConfigSchema, SessionSchema, type LoginRequest, type PublicConfig, type SignupRequest } from '@pawbridge/shared';
import { api } from '@/lib/api-client';

// The account calls of spec §7; every answer is checked against the shared schemas.

export const login = (body: LoginRequest) => api('/api/users/login', { method: 'POST', json: body, schema: SessionSchema });

export const signup = (body: SignupRequest) => api('/api/users/signup', { method: 'POST', json: body, schema: OkSchema });

export const sendVerificationEmail = (email: string) =>
  api('/api/users/send-email', { method: 'POST', query: { email }, schema: OkSchema });

export const verifyEmailCode = (email: string, code: string) =>
  api('/api/users/verify-email', { method: 'POST', query: { code, email }, schema: OkSchema });

export const CONFIG_KEY = '/api/config';

/** Deployment facts the login screen needs (which social providers are configured). */
export function usePublicConfig() {
  const { data, error, isLoading } = useSWR<PublicConfig>(CONFIG_KEY, () => api(CONFIG_KEY, { schema: PublicConfigSchema }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { config: data, error, isLoading };
}

/** Social login leaves the SPA: the BFF answers with a redirect to the provider. */
export const socialLoginHref = (provider: string) => `/oauth2/authorization/${encodeURIComponent(provider)}`;
