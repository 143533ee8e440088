import fs from 'node:fs';
import { seoulToday } from '@pawbridge/shared';
import { LostPostDetailSchema } from '@pawbridge/shared/lost.schema';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createAdmin, createMember, send, type Member } from '../../testing/fixtures';

// Shared by the lost-and-found api tests (lost.test.ts, lost.board.test.ts, lost.flyer.test.ts).

export const yesterday = () => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
/** 마포구 망원동 (exact). */
export const HERE = { lat: 37.556123, lng: 126.901987 };

export const missingJson = (overrides: Record<string, unknown> = {}) => ({
  name: '초코',
  breed: '푸들',
  size: 'SMALL',
  gender: 'MALE',
  colour: '갈색 곱슬',
  features: '빨간 목줄, 왼쪽 귀 흰 점',
  onSight: '이름을 부르면 다가옵니다. 잡지 말고 연락 주세요.',
  reward: 300000,
  contact: 'RELAY',
  ...HERE,
  address: '서울 마포구 망원동 한강공원 입구',
  sigungu: '마포구',
  date: yesterday(),
  time: '18:30',
  ...overrides,
});

export const sightingJson = (overrides: Record<string, unknown> = {}) => ({
  kind: 'SEEN',
  breed: '푸들',
  colour: '갈색',
  description: '한강공원 쪽으로 뛰어가는 갈색 푸들을 봤어요.',
  contact: 'RELAY',
  lat: 37.5571,
  lng: 126.9031,
  address: '망원동 주민센터 앞',
  sigungu: '마포구',
  date: yesterday(),
  time: '19:10',
  ...overrides,
});

export function form(part: string, json: unknown, photos: Buffer[] = []): FormData {
  const f = new FormData();
  f.append(part, JSON.stringify(json));
  photos.forEach((p, i) => f.append(`photo${i + 1}`, new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `p${i}.jpg`));
  return f;
}

/** The calls every lost test makes, bound to one test api. */
export function lostCalls(api: TestApi) {
  const json = async (path: string, cookie?: string) => {
    const res = await call(api, 'GET', path, cookie ? { cookie } : {});
    return { status: res.status, body: JSON.parse(res.text) as Record<string, unknown>, headers: res.headers };
  };
  return {
    /** The files in the upload directory (a failed write leaves none behind). */
    stored: () => (fs.existsSync(api.config.uploadDir) ? fs.readdirSync(api.config.uploadDir) : []),
    postMissing: async (m: Member, body: unknown, photos: Buffer[] = []) =>
      send(api, 'POST', '/api/lost/missing', { cookie: m.cookie, form: form('missing', body, photos) }),
    postSighting: async (m: Member, body: unknown, photos: Buffer[] = []) =>
      send(api, 'POST', '/api/lost/sightings', { cookie: m.cookie, form: form('sighting', body, photos) }),
    json,
    detail: async (id: number, cookie?: string) => LostPostDetailSchema.parse((await json(`/api/lost/posts/${id}`, cookie)).body),
  };
}

export const errorOf = (res: { json: unknown }) =>
  (res.json as { error: { code: string; reason?: string; fieldErrorCodes?: Record<string, string> } }).error;
export const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));

export type LostCalls = ReturnType<typeof lostCalls>;

/** A test api with a member who posts (`<prefix>owner`) and an admin (`<prefix>admin`); the caller closes the api. */
export async function openLostScene(prefix: string): Promise<{ api: TestApi; lost: LostCalls; owner: Member; admin: Member }> {
  const api = await startTestApi();
  return { api, lost: lostCalls(api), owner: await createMember(api, `${prefix}owner`), admin: await createAdmin(api, `${prefix}admin`) };
}
