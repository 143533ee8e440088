import { describe, expect, it } from 'vitest';
import { SessionSchema } from '@pawbridge/shared';
import { normaliseSession } from './session.normaliser';

// Fixtures are the check-session answers of legacy-contract §3.1 and of our api.
const springFull = {
  loggedIn: true,
  userId: 'minji88',
  username: 'minji88',
  userName: 'minji88',
  name: '김민지',
  email: 'minji@example.com',
  birth: '1990-04-01',
  phoneNm: '010-1234-5678',
  role: 'USER',
};

describe('normaliseSession', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['a bare truthy value', true],
    ['a number', 1],
    ["Spring's anonymous answer", { loggedIn: false }],
    ['loggedIn as the string "false"', { loggedIn: 'false', userId: 'x' }],
    ['loggedIn without any id', { loggedIn: true }],
    ['blank ids', { loggedIn: true, userId: '  ', username: '' }],
  ])('answers logged out for %s', (_label, raw) => {
    expect(normaliseSession(raw)).toEqual({ loggedIn: false });
  });

  it("maps Spring's full map, keeping the real name apart from userName (the login id)", () => {
    expect(normaliseSession(springFull)).toEqual({
      loggedIn: true,
      userId: 'minji88',
      username: 'minji88',
      name: '김민지',
      nickname: null,
      displayName: '김민지',
      email: 'minji@example.com',
      role: 'USER',
      isAdmin: false,
      provider: null,
      socialId: null,
      isSocialLogin: false,
      birth: '1990-04-01',
      phoneNm: '010-1234-5678',
      firstLogin: null,
    });
  });

  it('shows a phone the legacy stored any way in the one format; our api’s nickname is kept', () => {
    expect(normaliseSession({ ...springFull, phoneNm: '01012345678' })).toMatchObject({ phoneNm: '010-1234-5678' });
    expect(normaliseSession({ ...springFull, phoneNm: '+82 10 1234 5678' })).toMatchObject({ phoneNm: '010-1234-5678' });
    expect(normaliseSession({ ...springFull, phoneNm: '모름' })).toMatchObject({ phoneNm: '모름' });
    expect(normaliseSession({ ...springFull, nickname: '민지맘' })).toMatchObject({ nickname: '민지맘' });
  });

  it('falls back to the login id for display when the name is missing', () => {
    expect(normaliseSession({ ...springFull, name: null })).toMatchObject({ name: null, displayName: 'minji88' });
  });

  it('maps the reduced map of a social login without a local user', () => {
    const s = normaliseSession({ loggedIn: true, userId: '4023117', username: '4023117', userName: '4023117' });
    expect(s).toEqual({
      loggedIn: true,
      userId: '4023117',
      username: '4023117',
      name: null,
      nickname: null,
      displayName: '4023117',
      email: null,
      role: 'USER',
      isAdmin: false,
      provider: null,
      socialId: null,
      isSocialLogin: false,
      birth: null,
      phoneNm: null,
      firstLogin: null,
    });
  });

  it("reads a legacy Naver principal (the whole response map) as Naver's id, a social login", () => {
    const map = '{id=nv_Zx9Yw8Xv7, email=naver.tester@example.com, name=네이버 테스터}';
    const s = normaliseSession({ loggedIn: true, userId: map, username: map, userName: map });
    expect(s).toMatchObject({
      loggedIn: true,
      userId: 'nv_Zx9Yw8Xv7',
      username: 'nv_Zx9Yw8Xv7',
      displayName: 'nv_Zx9Yw8Xv7',
      provider: 'naver',
      socialId: 'nv_Zx9Yw8Xv7',
      isSocialLogin: true,
    });
    // Key order of a Java map is not fixed.
    expect(normaliseSession({ loggedIn: true, userId: '{email=a@b.c, id=abc123}' })).toMatchObject({ userId: 'abc123', provider: 'naver' });
    // An ordinary login id is left alone.
    expect(normaliseSession({ loggedIn: true, userId: 'mina' })).toMatchObject({ userId: 'mina', provider: null });
  });

  it("maps our api's answer, with provider and social id", () => {
    const s = normaliseSession({
      ...springFull,
      userId: '1093',
      username: '1093',
      userName: '1093',
      provider: 'kakao',
      socialId: '1093',
      birth: null,
      phoneNm: null,
    });
    expect(s).toMatchObject({
      loggedIn: true,
      userId: '1093',
      provider: 'kakao',
      socialId: '1093',
      isSocialLogin: true,
      birth: null,
      phoneNm: null,
    });
  });

  it("passes our api's first-login flag through, and anything but a boolean as unknown", () => {
    expect(normaliseSession({ ...springFull, firstLogin: true })).toMatchObject({ firstLogin: true });
    expect(normaliseSession({ ...springFull, firstLogin: false })).toMatchObject({ firstLogin: false });
    expect(normaliseSession({ ...springFull, firstLogin: 'yes' })).toMatchObject({ firstLogin: null });
  });

  it('lower-cases known providers and drops unknown ones', () => {
    expect(normaliseSession({ ...springFull, provider: 'NAVER' })).toMatchObject({ provider: 'naver', isSocialLogin: true });
    expect(normaliseSession({ ...springFull, provider: 'myspace' })).toMatchObject({ provider: null, isSocialLogin: false });
  });

  it('reads the nested user object the old front end expected', () => {
    expect(normaliseSession({ loggedIn: true, user: { userId: 'nested1', name: '이서연', role: 'ADMIN' } })).toMatchObject({
      userId: 'nested1',
      name: '이서연',
      isAdmin: true,
    });
  });

  it('takes only the login id when userId is absent (username, then userName)', () => {
    expect(normaliseSession({ loggedIn: true, username: 'u1' })).toMatchObject({ userId: 'u1', username: 'u1' });
    expect(normaliseSession({ loggedIn: true, userName: 'u2' })).toMatchObject({ userId: 'u2' });
  });

  it('decides isAdmin from role ADMIN only, never from the name "admin"', () => {
    expect(normaliseSession({ ...springFull, role: 'ADMIN' })).toMatchObject({ role: 'ADMIN', isAdmin: true });
    expect(normaliseSession({ ...springFull, role: 'admin' })).toMatchObject({ role: 'ADMIN', isAdmin: true });
    expect(normaliseSession({ ...springFull, userId: 'admin', username: 'admin', userName: 'admin', role: 'USER' })).toMatchObject({
      userId: 'admin',
      isAdmin: false,
    });
    expect(normaliseSession({ loggedIn: true, userId: 'admin' })).toMatchObject({ role: 'USER', isAdmin: false });
  });

  it('cuts a date-time birth to the date', () => {
    expect(normaliseSession({ ...springFull, birth: '1990-04-01T00:00:00' })).toMatchObject({ birth: '1990-04-01' });
  });

  it('always produces what the shared schema accepts', () => {
    for (const raw of [springFull, { loggedIn: false }, { loggedIn: true, userId: 'x' }, null])
      expect(SessionSchema.safeParse(normaliseSession(raw)).success).toBe(true);
  });
});
