import sharp from 'sharp';
import type { TestApi } from '../../testing/test-api';

/** A member with a live session, made directly (the signup flow has its own tests). */
export async function memberCookie(api: TestApi, userId: string): Promise<{ cookie: string; pk: number }> {
  const row = await api.ctx.db
    .insertInto('users')
    .values({ userId, name: userId, email: `${userId}@example.com`, passwordHash: null, birth: '1990-01-01', phoneNm: '010-1234-5678', role: 'USER', provider: null, socialId: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sid = await api.ctx.sessions.create(row.id);
  return { cookie: `JSESSIONID=${sid}`, pk: row.id };
}

/** A small JPEG carrying EXIF (camera make and a GPS-like tag), as phone photos do. */
export const jpegWithExif = (colour = '#c96') =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'GPS-Cam' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();

export const petJson = (overrides: Record<string, unknown> = {}) => ({
  name: '초코',
  adopt: false,
  type: '푸들',
  weight: 4.2,
  size: 'SMALL',
  age: 3,
  gender: 'MALE',
  petId: '410-2024-00001',
  ...overrides,
});

/** Multipart as the legacy front end builds it: JSON part `pet` (a Blob) and the file part. */
export function petForm(pet: unknown, photo?: Buffer, photoField = 'profile', filename = 'dog.jpg'): FormData {
  const form = new FormData();
  form.append('pet', new Blob([JSON.stringify(pet)], { type: 'application/json' }));
  if (photo) form.append(photoField, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), filename);
  return form;
}

export async function send(api: TestApi, method: string, path: string, opts: { cookie?: string; form?: FormData } = {}) {
  const res = await fetch(api.url + path, { method, headers: opts.cookie ? { cookie: opts.cookie } : {}, body: opts.form });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json: json as Record<string, unknown> & unknown[], type: res.headers.get('content-type') ?? '' };
}
