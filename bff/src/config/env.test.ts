import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadBffConfig } from './env';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(loadBffConfig({}).trustProxy).toBe(false);
    expect(loadBffConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('reads the blanket `true` as one hop and says so at start', () => {
    const config = loadBffConfig({ TRUST_PROXY: 'true' });
    expect(config.trustProxy).toBe(1);
    expect(config.warnings.join('\n')).toMatch(/TRUST_PROXY=true is read as TRUST_PROXY=1/);
  });

  it('takes a hop count, which trusts exactly that many nearest hops', () => {
    const trust = fastifyTrustProxy(loadBffConfig({ TRUST_PROXY: '2' }).trustProxy);
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect([fn('10.0.0.1', 0), fn('10.0.0.2', 1), fn('6.6.6.6', 2)]).toEqual([true, true, false]);
  });

  it('takes proxy addresses and CIDRs, and refuses anything else', () => {
    expect(loadBffConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1, proxy.example.com', '1.2.3.4/8/9']) {
      expect(() => loadBffConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('HSTS_MAX_AGE_SECONDS', () => {
  it('is off unless set', () => {
    expect(loadBffConfig({}).hstsMaxAgeSeconds).toBe(0);
    expect(loadBffConfig({ HSTS_MAX_AGE_SECONDS: '31536000' }).hstsMaxAgeSeconds).toBe(31536000);
  });
});

describe('KAKAO_SDK_URL and KAKAO_SDK_INTEGRITY', () => {
  it('pin the SDK release with its integrity hash unless both are set', () => {
    expect(loadBffConfig({}).kakaoShareSdk).toEqual({
      url: 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js',
      integrity: expect.stringMatching(/^sha384-[A-Za-z0-9+/]{64}$/),
    });
    const other = { KAKAO_SDK_URL: 'https://t1.kakaocdn.net/kakao_js_sdk/2.8.0/kakao.min.js', KAKAO_SDK_INTEGRITY: 'sha384-abc+/=' };
    expect(loadBffConfig(other).kakaoShareSdk).toEqual({ url: other.KAKAO_SDK_URL, integrity: other.KAKAO_SDK_INTEGRITY });
  });

  it('refuse one without the other, a URL that is not https and a value that is not a hash', () => {
    expect(() => loadBffConfig({ KAKAO_SDK_URL: 'https://t1.kakaocdn.net/x.js' })).toThrow(/set both or neither/);
    expect(() => loadBffConfig({ KAKAO_SDK_INTEGRITY: 'sha384-abc' })).toThrow(/set both or neither/);
    expect(() => loadBffConfig({ KAKAO_SDK_URL: 'http://t1.kakaocdn.net/x.js', KAKAO_SDK_INTEGRITY: 'sha384-abc' })).toThrow(
      /KAKAO_SDK_URL/,
    );
    expect(() => loadBffConfig({ KAKAO_SDK_URL: 'https://t1.kakaocdn.net/x.js', KAKAO_SDK_INTEGRITY: 'md5-abc' })).toThrow(
      /KAKAO_SDK_INTEGRITY/,
    );
  });
});
