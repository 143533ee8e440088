import type { Session } from '@pawbridge/shared';
import { normalisePhone, SOCIAL_PROVIDERS, type SocialProvider } from '@pawbridge/shared';

/** A stored phone in the one format (010-1234-5678) when it is a Korean number; anything else as stored. */
export const shownPhone = (v: string | null): string | null => (v === null ? null : (normalisePhone(v) ?? v));

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Java's print of a Naver `response` map ("{id=…, email=…, name=…}"), anywhere in a text. */
const NAVER_PRINCIPAL = /\{[^{}]*?\bid=([^,{}]+)[^{}]*\}/g;

/**
 * An upstream sentence with every Naver principal map replaced by the member's
 * id (the user id the session shows): the legacy puts the raw map (the
 * member's e-mail and name among it) into its error messages.
 */
export function withoutNaverPrincipals(text: string): string {
  return text.replace(NAVER_PRINCIPAL, (_map, id: string) => id.trim());
}

/**
 * check-session → the one session shape. Accepts our api's answer and every
 * Spring variant: `{loggedIn:false}`, the full map, the reduced map of social
 * logins without a local user (only loggedIn/userId/username/userName), the
 * nested `user` object the old front end expected, a bare truthy value, and
 * `null`/empty. `isAdmin` comes from role ADMIN only, never from the user name.
 */
export function normaliseSession(raw: unknown): Session {
  if (!raw || typeof raw !== 'object') return { loggedIn: false };
  const top = raw as Record<string, unknown>;
  const nested = top.user && typeof top.user === 'object' ? (top.user as Record<string, unknown>) : {};
  const r: Record<string, unknown> = { ...nested, ...top };
  if (r.loggedIn === false || r.loggedIn === 'false') return { loggedIn: false };
  const principal = str(r.userId) ?? str(r.username) ?? str(r.userName);
  if (!principal) return { loggedIn: false };
  // A legacy Naver login's principal is Naver's whole `response` map printed by Java ("{id=…, email=…}");
  // the legacy stores that member's records under `response.id`, so that is the user id.
  const naver = /^\{(?:.*, )?id=([^,}]+)[,}]/.exec(principal);
  const userId = naver?.[1]?.trim() || principal;
  const role = String(r.role ?? '').toUpperCase() === 'ADMIN' ? 'ADMIN' : 'USER';
  const providerRaw = str(r.provider)?.toLowerCase();
  const provider =
    providerRaw && (SOCIAL_PROVIDERS as readonly string[]).includes(providerRaw) ? (providerRaw as SocialProvider) : naver ? 'naver' : null;
  const socialId = str(r.socialId) ?? (naver ? userId : null);
  const name = str(r.name);
  return {
    loggedIn: true,
    userId,
    username: userId,
    name,
    nickname: str(r.nickname),
    displayName: name ?? userId,
    email: str(r.email),
    role,
    isAdmin: role === 'ADMIN',
    provider,
    socialId,
    isSocialLogin: provider !== null || socialId !== null || r.isSocialLogin === true,
    birth: str(r.birth)?.slice(0, 10) ?? null,
    phoneNm: shownPhone(str(r.phoneNm)),
    firstLogin: typeof r.firstLogin === 'boolean' ? r.firstLogin : null,
  };
}
