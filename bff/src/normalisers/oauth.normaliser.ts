import { isSocialLoginErrorCode, SOCIAL_LOGIN_SUCCESS_PATH, type SocialLoginErrorCode } from '@pawbridge/shared';

/** Where the browser goes after one social-login hop upstream. */
export type SocialLanding =
  { outcome: 'provider'; url: string } | { outcome: 'success' } | { outcome: 'failure'; code: SocialLoginErrorCode };

const isRedirect = (status: number) => status >= 300 && status < 400;

/** A redirect to a `/login` page (our api's `/login?error=CODE`, Spring's bare `/login?error` or its login page). */
function loginFailure(location: string): SocialLanding | null {
  let url: URL;
  try {
    url = new URL(location, 'http://upstream.invalid');
  } catch {
    return { outcome: 'failure', code: 'SOCIAL_LOGIN_FAILED' };
  }
  if (url.pathname !== '/login') return null;
  const error = url.searchParams.get('error') ?? '';
  return { outcome: 'failure', code: isSocialLoginErrorCode(error) ? error : 'SOCIAL_LOGIN_FAILED' };
}

/** The start hop: the upstream sends the browser to the provider, or to a login failure. */
export function startLanding(status: number, location: string | null): SocialLanding {
  if (!isRedirect(status) || !location) return { outcome: 'failure', code: 'SOCIAL_LOGIN_FAILED' };
  return loginFailure(location) ?? { outcome: 'provider', url: location };
}

/**
 * The callback hop. Any redirect that is not a login failure is a success: our api's
 * `/?socialLogin=success`, and the legacy's hard-coded `http://localhost:3000` or saved request.
 */
export function callbackLanding(status: number, location: string | null): SocialLanding {
  if (!isRedirect(status) || !location) return { outcome: 'failure', code: 'SOCIAL_LOGIN_FAILED' };
  return loginFailure(location) ?? { outcome: 'success' };
}

/** The landing as a URL on the web app (`origin` empty → relative to the BFF's own host). */
export function landingUrl(landing: SocialLanding, origin: string): string {
  if (landing.outcome === 'provider') return landing.url;
  if (landing.outcome === 'success') return `${origin}${SOCIAL_LOGIN_SUCCESS_PATH}`;
  return `${origin}/login?error=${landing.code}`;
}

export interface UpstreamCookie {
  name: string;
  value: string;
  /** Seconds; 0 when the upstream deletes the cookie; undefined for a browser-session cookie. */
  maxAge: number | undefined;
}

/** One Set-Cookie header, reduced to what the BFF re-issues under its own attributes. */
export function parseSetCookie(header: string, now = Date.now()): UpstreamCookie | null {
  const [pair = '', ...attrs] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const cookie: UpstreamCookie = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), maxAge: undefined };
  for (const attr of attrs) {
    const [k = '', v = ''] = attr.split('=').map((x) => x.trim());
    if (k.toLowerCase() === 'max-age' && /^-?\d+$/.test(v)) cookie.maxAge = Math.max(0, Number(v));
    if (k.toLowerCase() === 'expires' && cookie.maxAge === undefined) {
      const at = Date.parse(v);
      if (!Number.isNaN(at)) cookie.maxAge = Math.max(0, Math.floor((at - now) / 1000));
    }
  }
  if (cookie.value === '') cookie.maxAge = 0;
  return cookie;
}
