import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../config/env';

const google = { OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 'secret' };
// Everything else production needs (api/src/ops/production-requirements.ts).
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal/pawbridge',
  REDIS_URL: 'redis://redis.internal:6379',
  SMTP_URL: 'smtp://smtp.internal:587',
  PORTONE_API_KEY: 'key',
  PORTONE_API_SECRET: 'secret',
  UNSUBSCRIBE_SECRET: 'unsubscribe-secret-0123456789abcdef-0123456789',
  ADMIN_PASSWORD: 'Str0ng-admin-pass',
};

describe('social-login configuration', () => {
  it('a provider counts only with the credentials it needs (Kakao may go without a secret)', () => {
    const c = loadApiConfig({ OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_KAKAO_CLIENT_ID: 'k', OAUTH_NAVER_CLIENT_ID: 'n' });
    expect(Object.keys(c.oauth)).toEqual(['kakao']);
    expect(c.oauth.kakao).toMatchObject({
      clientSecret: null,
      authorizationUrl: 'https://kauth.kakao.com/oauth/authorize',
      userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
    });
  });

  it('endpoints can point elsewhere (local stand-ins)', () => {
    const c = loadApiConfig({ ...google, OAUTH_GOOGLE_TOKEN_URL: 'http://127.0.0.1:4010/google/token' });
    expect(c.oauth.google?.tokenUrl).toBe('http://127.0.0.1:4010/google/token');
  });

  it('production with a provider needs PUBLIC_ORIGIN; it is reduced to the origin', () => {
    expect(() => loadApiConfig({ ...production, ...google })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadApiConfig({ ...production, ...google, PUBLIC_ORIGIN: 'https://www.pawbridge.example/app/' }).publicOrigin).toBe(
      'https://www.pawbridge.example',
    );
    expect(() => loadApiConfig(production)).not.toThrow();
  });
});
