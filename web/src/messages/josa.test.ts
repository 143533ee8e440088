import { describe, expect, it } from 'vitest';
import { t } from './index';
import { particle } from './josa';

describe('particles after dynamic words', () => {
  it('reads a Latin ending aloud: an address ending in .com takes 으로, Google takes 로', () => {
    expect(t('auth.email.sent', { email: 'mina@example.com' })).toBe('mina@example.com으로 인증 코드를 보냈습니다');
    expect(t('auth.login.socialButton', { provider: 'Google' })).toBe('Google로 로그인');
    expect(particle('mail', '으로/로')).toBe('로');
  });

  it('follows the final consonant of Hangul words (ㄹ takes 로 as well)', () => {
    expect(t('auth.login.socialButton', { provider: '카카오' })).toBe('카카오로 로그인');
    expect(particle('서울', '으로/로')).toBe('로');
    expect(particle('부산', '으로/로')).toBe('으로');
    expect(particle('초코', '이/가')).toBe('가');
    expect(particle('보리', '을/를')).toBe('를');
    expect(particle('밤', '은/는')).toBe('은');
  });

  it('reads digits aloud and skips trailing symbols', () => {
    expect(particle('user3', '으로/로')).toBe('으로');
    expect(particle('user2', '이/가')).toBe('가');
    expect(particle('초코!)', '이/가')).toBe('가');
  });

  it('leaves plain parameters as they are', () => {
    expect(t('header.welcome', { name: 'mina' })).toBe('mina님, 안녕하세요');
  });
});
