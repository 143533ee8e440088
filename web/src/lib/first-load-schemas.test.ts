import { describe, expect, it } from 'vitest';
import { PublicConfigSchema, SessionSchema, StrayListSchema } from '@pawbridge/shared';
import { PublicConfigCheck, SessionCheck, StrayListCheck } from './first-load-schemas';

const user = {
  loggedIn: true,
  userId: '7',
  username: 'demo',
  name: '데모',
  displayName: '데모',
  email: 'demo@example.com',
  role: 'USER',
  isAdmin: false,
  provider: null,
  socialId: null,
  isSocialLogin: false,
  birth: null,
  phoneNm: null,
  firstLogin: null,
};
const stray = {
  id: 3,
  name: '설기',
  imageUrl: null,
  type: '진돗개',
  gender: 'FEMALE',
  location: '경기도',
  place: '경기도',
  description: '하얀 진돗개',
  foundDate: '2026-11-01',
  foundTime: '07:20',
  latitude: 37.2,
  longitude: 127.0,
  status: 'PROTECTING',
  reportStatus: 'APPROVED',
};
const config = {
  map: { provider: 'leaflet', tileUrl: 'https://tile/{z}/{x}/{y}.png', attribution: 'OSM' },
  socialProviders: ['kakao'],
  payments: { mode: 'test', merchantCode: null },
  breedPrediction: false,
  donations: true,
  nicknames: true,
  strayNames: true,
};

// The zod/mini checks of the first load must accept and refuse exactly what the shared schemas do.
describe('first-load checks agree with the shared schemas', () => {
  const cases: [string, { parse(d: unknown): unknown }, { safeParse(d: unknown): { success: boolean } }, unknown[]][] = [
    [
      'session',
      SessionCheck,
      SessionSchema,
      [user, { loggedIn: false }, { ...user, role: 'ROOT' }, { ...user, name: undefined }, { loggedIn: 'no' }, null],
    ],
    [
      'strays',
      StrayListCheck,
      StrayListSchema,
      [[stray], [], [{ ...stray, id: 0 }], [{ ...stray, id: 1.5 }], [{ ...stray, status: 'GONE' }], [{ ...stray, latitude: '37' }], {}],
    ],
    [
      'config',
      PublicConfigCheck,
      PublicConfigSchema,
      [
        config,
        { ...config, map: { provider: 'kakao', appKey: 'K' } },
        { ...config, map: { provider: 'naver' } },
        { ...config, payments: { mode: 'live', merchantCode: null } },
      ],
    ],
  ];
  for (const [name, mini, shared, samples] of cases) {
    it(name, () => {
      for (const sample of samples) {
        const expected = shared.safeParse(sample).success;
        let ok = true;
        try {
          mini.parse(sample);
        } catch {
          ok = false;
        }
        expect(ok, JSON.stringify(sample)).toBe(expected);
      }
      expect(samples.some((s) => shared.safeParse(s).success)).toBe(true);
      expect(samples.some((s) => !shared.safeParse(s).success)).toBe(true);
    });
  }
});
