import { describe, expect, it } from 'vitest';
import { callbackLanding, landingUrl, parseSetCookie, startLanding } from './oauth.normaliser';

describe('social-login landings', () => {
  it('start: a redirect to the provider passes; a redirect to /login is a coded failure', () => {
    expect(startLanding(302, 'https://kauth.kakao.com/oauth/authorize?x=1')).toEqual({
      outcome: 'provider',
      url: 'https://kauth.kakao.com/oauth/authorize?x=1',
    });
    expect(startLanding(302, 'http://app/login?error=SOCIAL_LOGIN_UNSUPPORTED')).toEqual({
      outcome: 'failure',
      code: 'SOCIAL_LOGIN_UNSUPPORTED',
    });
    expect(startLanding(500, null)).toEqual({ outcome: 'failure', code: 'SOCIAL_LOGIN_FAILED' });
  });

  it("callback: the legacy's localhost:3000 and saved requests are success; unknown error values are SOCIAL_LOGIN_FAILED", () => {
    expect(callbackLanding(302, 'http://localhost:3000')).toEqual({ outcome: 'success' });
    expect(callbackLanding(302, 'http://legacy:8080/api/pet/profile/pets?continue')).toEqual({ outcome: 'success' });
    expect(callbackLanding(302, '/login?error')).toEqual({ outcome: 'failure', code: 'SOCIAL_LOGIN_FAILED' });
    expect(callbackLanding(302, '/login?error=<script>')).toEqual({ outcome: 'failure', code: 'SOCIAL_LOGIN_FAILED' });
    expect(callbackLanding(302, 'http://x/login?error=SOCIAL_LOGIN_EMAIL_IN_USE')).toEqual({
      outcome: 'failure',
      code: 'SOCIAL_LOGIN_EMAIL_IN_USE',
    });
    expect(callbackLanding(200, null)).toEqual({ outcome: 'failure', code: 'SOCIAL_LOGIN_FAILED' });
  });

  it('landing URLs are on the configured origin (or relative), never the upstream host', () => {
    expect(landingUrl({ outcome: 'success' }, '')).toBe('/?socialLogin=success');
    expect(landingUrl({ outcome: 'failure', code: 'SOCIAL_LOGIN_DENIED' }, 'https://w.example')).toBe(
      'https://w.example/login?error=SOCIAL_LOGIN_DENIED',
    );
  });

  it('reads Set-Cookie headers: value, Max-Age, Expires and deletion', () => {
    expect(parseSetCookie('JSESSIONID=ABC; Path=/; HttpOnly')).toEqual({ name: 'JSESSIONID', value: 'ABC', maxAge: undefined });
    expect(parseSetCookie('OAUTH2_FLOW=eyJ; Max-Age=600; Path=/login/oauth2/code')).toEqual({
      name: 'OAUTH2_FLOW',
      value: 'eyJ',
      maxAge: 600,
    });
    expect(parseSetCookie('OAUTH2_FLOW=; Expires=Thu, 01 Jan 1970 00:00:00 GMT')?.maxAge).toBe(0);
    expect(parseSetCookie('garbage')).toBeNull();
  });
});
