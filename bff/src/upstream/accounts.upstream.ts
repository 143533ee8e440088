import type { FastifyRequest } from 'fastify';
import type { LoginRequest, NicknameUpdateRequest, ProfileUpdateRequest, SignupRequest } from '@pawbridge/shared';
import { UPSTREAM_SESSION_COOKIE, upstreamMessage, type UpstreamClient, type UpstreamResponse } from './client';

/** Account calls on the legacy paths (legacy-contract §3.1, §4). */
export const accountsUpstream = (client: UpstreamClient) => ({
  /** `sessionId` overrides the browser's cookie (e.g. the id a login just created). */
  checkSession: (from: FastifyRequest, sessionId?: string | null): Promise<UpstreamResponse> =>
    client.request('GET', '/api/users/check-session', { from, ...(sessionId !== undefined ? { sessionId } : {}) }),
  /** For handshakes outside Fastify's request cycle (the dashboard's socket.io). */
  checkSessionById: (sessionId: string): Promise<UpstreamResponse> => client.request('GET', '/api/users/check-session', { sessionId }),
  /**
   * Sent without the browser's session id: Spring does not rotate the id on
   * login, so reusing a pre-login id would let whoever planted it ride the
   * new session (fixation). The upstream then always issues a fresh one.
   */
  login: (from: FastifyRequest, body: LoginRequest) =>
    client.request('POST', '/api/users/login', { from, json: { userId: body.userId, password: body.password }, sessionId: null }),
  logout: (from: FastifyRequest, sessionId?: string | null) =>
    client.request('POST', '/api/users/logout', { from, ...(sessionId !== undefined ? { sessionId } : {}) }),
  // Signup and e-mail verification need no session and are sent without one:
  // Spring then always answers a failure the anonymous way (302 → /login),
  // so one mapping covers every caller.
  /** Only the listed fields go upstream (the legacy would merge a client-sent `id` into another row). */
  signup: (from: FastifyRequest, b: SignupRequest) =>
    client.request('POST', '/api/users/signup', {
      from,
      sessionId: null,
      json: {
        name: b.name,
        userId: b.userId,
        email: b.email,
        password: b.password,
        birth: b.birth,
        phoneNm: b.phoneNm,
        ...(b.nickname !== undefined ? { nickname: b.nickname } : {}),
      },
    }),
  /** Our api only: the member's nickname. */
  updateNickname: (from: FastifyRequest, b: NicknameUpdateRequest) =>
    client.request('PUT', '/api/users/me/nickname', { from, json: { nickname: b.nickname } }),
  /** Our api only: 아이디·닉네임 중복 확인 (the browser's session goes along: one's own nickname is free to oneself). */
  checkUserId: (from: FastifyRequest, userId: string) => client.request('GET', '/api/users/check-user-id', { from, query: { userId } }),
  checkNickname: (from: FastifyRequest, nickname: string) =>
    client.request('GET', '/api/users/check-nickname', { from, query: { nickname } }),
  /** Our api only (the legacy has no profile update); the three fields, nothing else. */
  updateProfile: (from: FastifyRequest, b: ProfileUpdateRequest) =>
    client.request('PUT', '/api/users/me', { from, json: { email: b.email, birth: b.birth, phoneNm: b.phoneNm } }),
  sendEmail: (from: FastifyRequest, email: string) =>
    client.request('POST', '/api/users/send-email', { from, sessionId: null, query: { email } }),
  verifyEmail: (from: FastifyRequest, code: string, email?: string) =>
    client.request('POST', '/api/users/verify-email', { from, sessionId: null, query: { code, email } }),
});

/** The session id an upstream answer issued (`Set-Cookie: JSESSIONID=...`), if any. */
export function issuedSessionId(res: UpstreamResponse): string | undefined {
  for (const header of res.setCookies) {
    const [pair] = header.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq < 0) continue;
    if (pair.slice(0, eq).trim() !== UPSTREAM_SESSION_COOKIE) continue;
    const value = pair.slice(eq + 1).trim();
    // An empty value / Max-Age=0 deletes the cookie; it issues nothing.
    if (value && !/;\s*max-age=0\b/i.test(header)) return value;
  }
  return undefined;
}

/** What a refused signup means, decided here: the only module that knows the upstream's answers. */
export type SignupRefusal = 'USER_ID_TAKEN' | 'NICKNAME_TAKEN' | 'EMAIL_ALREADY_REGISTERED' | 'EMAIL_NOT_VERIFIED';

/**
 * A refused signup, by status and the upstream's code when it sends one
 * (`{code}` in the JSON body). Neither upstream sends one today: our api and
 * the legacy answer a bare sentence, and its wording is the only thing that
 * tells "id taken" from "e-mail registered" (409) and "not verified" from
 * other 400s. That wording is wire data like a DTO field name, so it is read
 * here and nowhere else; undefined when the answer is none of these.
 */
export function signupRefusal(res: UpstreamResponse): SignupRefusal | undefined {
  const said = upstreamCode(res) ?? upstreamMessage(res) ?? '';
  if (res.status === 409 && (said === 'NICKNAME_TAKEN' || /닉네임|nickname/i.test(said))) return 'NICKNAME_TAKEN';
  if (res.status === 409) return said === 'USER_ID_TAKEN' || /아이디|user\s*id/i.test(said) ? 'USER_ID_TAKEN' : 'EMAIL_ALREADY_REGISTERED';
  if (res.status === 400 && (said === 'EMAIL_NOT_VERIFIED' || /이메일\s*인증|verif/i.test(said))) return 'EMAIL_NOT_VERIFIED';
  return undefined;
}

/** A machine code in the upstream's JSON error, when it sends one. */
function upstreamCode(res: UpstreamResponse): string | undefined {
  const code = (res.json as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined;
}
