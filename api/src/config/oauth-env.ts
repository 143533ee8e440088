import { z } from 'zod';

// Social login's variables (docs/decisions/0016), spread into the api's environment schema (env.ts).

/** OAUTH_<P>_CLIENT_ID/_CLIENT_SECRET and the provider's endpoints (overridable so tests and local stand-ins can take their place). */
function oauthEnv<P extends string>(p: P, endpoints: { authorization: string; token: string }) {
  return {
    [`OAUTH_${p}_CLIENT_ID`]: z.string().optional(),
    [`OAUTH_${p}_CLIENT_SECRET`]: z.string().optional(),
    [`OAUTH_${p}_AUTHORIZATION_URL`]: z.string().url().default(endpoints.authorization),
    [`OAUTH_${p}_TOKEN_URL`]: z.string().url().default(endpoints.token),
  } as Record<`OAUTH_${P}_${'CLIENT_ID' | 'CLIENT_SECRET'}`, z.ZodOptional<z.ZodString>> &
    Record<`OAUTH_${P}_${'AUTHORIZATION_URL' | 'TOKEN_URL'}`, z.ZodDefault<z.ZodString>>;
}

export const oauthEnvs = {
  ...oauthEnv('GOOGLE', { authorization: 'https://accounts.google.com/o/oauth2/v2/auth', token: 'https://oauth2.googleapis.com/token' }),
  OAUTH_GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  OAUTH_GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  ...oauthEnv('KAKAO', { authorization: 'https://kauth.kakao.com/oauth/authorize', token: 'https://kauth.kakao.com/oauth/token' }),
  OAUTH_KAKAO_USERINFO_URL: z.string().url().default('https://kapi.kakao.com/v2/user/me'),
  ...oauthEnv('NAVER', { authorization: 'https://nid.naver.com/oauth2.0/authorize', token: 'https://nid.naver.com/oauth2.0/token' }),
  OAUTH_NAVER_USERINFO_URL: z.string().url().default('https://openapi.naver.com/v1/nid/me'),
};

type OAuthEnv = z.output<z.ZodObject<typeof oauthEnvs>>;

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string | null;
  authorizationUrl: string;
  tokenUrl: string;
}

export interface OAuthProvidersConfig {
  google?: OAuthClientConfig & { clientSecret: string; jwksUrl: string; issuer: string };
  kakao?: OAuthClientConfig & { userInfoUrl: string };
  naver?: OAuthClientConfig & { clientSecret: string; userInfoUrl: string };
}

export function oauthProviders(e: OAuthEnv): OAuthProvidersConfig {
  const out: OAuthProvidersConfig = {};
  // Google and Naver always need the secret; a Kakao app may have its client secret switched off.
  if (e.OAUTH_GOOGLE_CLIENT_ID && e.OAUTH_GOOGLE_CLIENT_SECRET) {
    out.google = {
      clientId: e.OAUTH_GOOGLE_CLIENT_ID,
      clientSecret: e.OAUTH_GOOGLE_CLIENT_SECRET,
      authorizationUrl: e.OAUTH_GOOGLE_AUTHORIZATION_URL,
      tokenUrl: e.OAUTH_GOOGLE_TOKEN_URL,
      jwksUrl: e.OAUTH_GOOGLE_JWKS_URL,
      issuer: e.OAUTH_GOOGLE_ISSUER,
    };
  }
  if (e.OAUTH_KAKAO_CLIENT_ID) {
    out.kakao = {
      clientId: e.OAUTH_KAKAO_CLIENT_ID,
      clientSecret: e.OAUTH_KAKAO_CLIENT_SECRET ?? null,
      authorizationUrl: e.OAUTH_KAKAO_AUTHORIZATION_URL,
      tokenUrl: e.OAUTH_KAKAO_TOKEN_URL,
      userInfoUrl: e.OAUTH_KAKAO_USERINFO_URL,
    };
  }
  if (e.OAUTH_NAVER_CLIENT_ID && e.OAUTH_NAVER_CLIENT_SECRET) {
    out.naver = {
      clientId: e.OAUTH_NAVER_CLIENT_ID,
      clientSecret: e.OAUTH_NAVER_CLIENT_SECRET,
      authorizationUrl: e.OAUTH_NAVER_AUTHORIZATION_URL,
      tokenUrl: e.OAUTH_NAVER_TOKEN_URL,
      userInfoUrl: e.OAUTH_NAVER_USERINFO_URL,
    };
  }
  return out;
}
