import { AvailabilitySchema, OkSchema, SessionSchema, type LoginRequest, type SignupRequest } from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { useSubmit } from '@/lib/use-submit';

// The account calls of spec §7; every answer is checked against the shared schemas.

export const login = (body: LoginRequest) => api('/api/users/login', { method: 'POST', json: body, schema: SessionSchema });

export const signup = (body: SignupRequest) => api('/api/users/signup', { method: 'POST', json: body, schema: OkSchema });

/** The login submit: `trigger(request)` rejects with the ApiError; `submitting` while it runs. */
export const useLogin = () => useSubmit('/api/users/login', login);

export const useSignup = () => useSubmit('/api/users/signup', signup);

export const sendVerificationEmail = (email: string) =>
  api('/api/users/send-email', { method: 'POST', query: { email }, schema: OkSchema });

export const verifyEmailCode = (email: string, code: string) =>
  api('/api/users/verify-email', { method: 'POST', query: { code, email }, schema: OkSchema });

/** Whether a login id is free (our api only: the button is hidden where /api/config says `nicknames: false`). */
export const checkUserId = (userId: string) => api('/api/users/check-user-id', { query: { userId }, schema: AvailabilitySchema });

/** Whether a nickname is free. */
export const checkNickname = (nickname: string) => api('/api/users/check-nickname', { query: { nickname }, schema: AvailabilitySchema });

/** Social login leaves the SPA: the BFF answers with a redirect to the provider. */
export const socialLoginHref = (provider: string) => `/oauth2/authorization/${encodeURIComponent(provider)}`;
