import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, type OAuth2Tokens, generateCodeVerifier, generateState } from 'arctic';
// Arctic's own form-post token request (client_secret_post, as Kakao and Naver want). Arctic's Kakao and Naver
// classes do exactly this but with fixed endpoints, which tests and local stand-ins could not replace.
import { createOAuth2Request, sendTokenRequest } from 'arctic/dist/request.js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { SocialProvider } from '@pawbridge/shared';
import type { OAuthProvidersConfig } from '../../config/env';
import { googleProfile, kakaoProfile, naverProfile, type SocialProfile } from './profiles';

/** What a started flow must remember until the callback (kept in a short-lived cookie). */
export interface PendingFlow {
  state: string;
  /** PKCE verifier, for providers that support PKCE. */
  codeVerifier: string | null;
}

export interface OAuthProvider {
  readonly name: SocialProvider;
  start(): { url: URL; flow: PendingFlow };
  /** Trades the code for tokens and reads the person; throws OAuthProviderError on any provider failure. */
  profile(code: string, flow: PendingFlow): Promise<SocialProfile>;
}

/** The provider failed or answered something we cannot use (never the person's fault). */
export class OAuthProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OAuthProviderError';
  }
}

const TIMEOUT_MS = 10_000;

async function wrap<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof OAuthProviderError) throw err;
    const detail =
      err instanceof OAuth2RequestError ? `${err.code}${err.description ? `: ${err.description}` : ''}` : (err as Error).message;
    throw new OAuthProviderError(`${what} failed (${detail})`, { cause: err });
  }
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new OAuthProviderError(`user info answered ${res.status}`);
  return res.json();
}

function postTokenRequest(tokenUrl: string, params: Record<string, string | null>): Promise<OAuth2Tokens> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) body.set(k, v);
  return sendTokenRequest(createOAuth2Request(tokenUrl, body));
}

/**
 * Google: OpenID Connect with PKCE. Arctic's generic client (its Google class has
 * fixed endpoints); the ID token is checked against the configured key set,
 * issuer and our client id before any claim is believed.
 */
function google(c: NonNullable<OAuthProvidersConfig['google']>, redirectUri: string): OAuthProvider {
  const client = new OAuth2Client(c.clientId, c.clientSecret, redirectUri);
  const keys = createRemoteJWKSet(new URL(c.jwksUrl), { timeoutDuration: TIMEOUT_MS });
  return {
    name: 'google',
    start() {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const url = client.createAuthorizationURLWithPKCE(c.authorizationUrl, state, CodeChallengeMethod.S256, codeVerifier, [
        'openid',
        'email',
        'profile',
      ]);
      return { url, flow: { state, codeVerifier } };
    },
    profile: (code, flow) =>
      wrap('google sign-in', async () => {
        const tokens = await client.validateAuthorizationCode(c.tokenUrl, code, flow.codeVerifier);
        const { payload } = await jwtVerify(tokens.idToken(), keys, { issuer: c.issuer, audience: c.clientId });
        return googleProfile(payload);
      }),
  };
}

/** Kakao and Naver: plain OAuth 2 with the secret in the form body, then their user-info endpoint. */
function userInfoProvider(
  name: 'kakao' | 'naver',
  c: NonNullable<OAuthProvidersConfig['kakao' | 'naver']>,
  redirectUri: string,
  scopes: string[],
  parse: (body: unknown) => SocialProfile,
): OAuthProvider {
  // Only builds the authorisation URL (no secret needed for that).
  const client = new OAuth2Client(c.clientId, null, redirectUri);
  return {
    name,
    start() {
      const state = generateState();
      return { url: client.createAuthorizationURL(c.authorizationUrl, state, scopes), flow: { state, codeVerifier: null } };
    },
    profile: (code, flow) =>
      wrap(`${name} sign-in`, async () => {
        const tokens = await postTokenRequest(c.tokenUrl, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: c.clientId,
          client_secret: c.clientSecret,
          // Naver asks for the state again; Kakao ignores it.
          state: name === 'naver' ? flow.state : null,
        });
        return parse(await getJson(c.userInfoUrl, tokens.accessToken()));
      }),
  };
}

/** The configured providers; redirect URIs follow the legacy's `/login/oauth2/code/{provider}` on the public origin. */
export function createOAuthProviders(config: OAuthProvidersConfig, publicOrigin: string): Map<SocialProvider, OAuthProvider> {
  const redirect = (p: SocialProvider) => `${publicOrigin}/login/oauth2/code/${p}`;
  const out = new Map<SocialProvider, OAuthProvider>();
  if (config.google) out.set('google', google(config.google, redirect('google')));
  if (config.kakao)
    out.set('kakao', userInfoProvider('kakao', config.kakao, redirect('kakao'), ['profile_nickname', 'account_email'], kakaoProfile));
  if (config.naver) out.set('naver', userInfoProvider('naver', config.naver, redirect('naver'), [], naverProfile));
  return out;
}
