import fs from 'node:fs';
import sharp from 'sharp';
import type { TestApi } from '../../testing/test-api';

export interface Member {
  pk: number;
  userId: string;
  cookie: string;
}

/** A user row plus a live session, without going through signup (not what these tests are about). */
export async function member(api: TestApi, userId: string, role: 'USER' | 'ADMIN' = 'USER'): Promise<Member> {
  const row = await api.ctx.db
    .insertInto('users')
    .values({ userId, name: `${userId} 님`, email: `${userId}@example.com`, passwordHash: null, birth: null, phoneNm: null, role, provider: null, socialId: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sid = await api.ctx.sessions.create(row.id);
  return { pk: row.id, userId, cookie: `JSESSIONID=${sid}` };
}

export const solidJpeg = (r: number, g: number, b: number, withExif = false) => {
  const img = sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g, b } } });
  return (withExif ? img.withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'gps-tracker' } }) : img).jpeg().toBuffer();
};

export const validReport = (overrides: Record<string, unknown> = {}) => ({
  latitude: 37.5665,
  longitude: 126.978,
  gender: 'MALE',
  description: '시청 앞에서 떨고 있던 갈색 강아지',
  location: '서울특별시',
  type: '진돗개',
  foundDate: '2026-11-20',
  foundTime: '14:30',
  ...overrides,
});

export async function postReport(api: TestApi, cookie: string | undefined, json: unknown, photo?: Buffer | null, photoType = 'image/jpeg') {
  const form = new FormData();
  if (json !== undefined) form.append('abandoned-pet', new Blob([typeof json === 'string' ? json : JSON.stringify(json)], { type: 'application/json' }));
  if (photo) form.append('imageurl', new Blob([new Uint8Array(photo)], { type: photoType }), 'dog.jpg');
  const res = await fetch(`${api.url}/api/abandoned/register`, { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

export async function getJson(api: TestApi, path: string, cookie?: string) {
  const res = await fetch(api.url + path, { headers: cookie ? { cookie } : {} });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

export async function post(api: TestApi, path: string, cookie?: string) {
  const res = await fetch(api.url + path, { method: 'POST', headers: cookie ? { cookie } : {} });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

/** Insert a stray directly in a given status (for list/search/adoption tests). */
export async function insertStray(api: TestApi, values: Partial<{ status: 'LOST' | 'PROTECTING' | 'WAITING' | 'ADOPT'; location: string; description: string; type: string | null; foundDate: string; foundTime: string }> = {}) {
  const status = values.status ?? 'PROTECTING';
  const row = await api.ctx.db
    .insertInto('strayReports')
    .values({
      reporterPk: null,
      latitude: 37.5,
      longitude: 127,
      imageUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg',
      gender: 'FEMALE',
      description: values.description ?? '하얀 털의 작은 개',
      location: values.location ?? '경기도',
      type: values.type === undefined ? '믹스견' : values.type,
      name: null,
      foundDate: values.foundDate ?? '2026-11-01',
      foundTime: values.foundTime ?? '09:00',
      status,
      registeredAt: status === 'LOST' ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const uploadFiles = (api: TestApi): string[] => (fs.existsSync(api.config.uploadDir) ? fs.readdirSync(api.config.uploadDir).filter((f) => !f.startsWith('.')) : []);
