import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from '../testing/test-bff';

/** What the shared contract tests need from one upstream (our api or the fake Spring). */
export interface PetsTarget {
  bffUrl: () => string;
  /** A logged-in browser client for a fresh member. */
  member: () => Promise<TestClient>;
  anonymous: () => TestClient;
  /** Stored rows and files on the upstream: proves a rejected request changed nothing. */
  stored: () => Promise<{ rows: number; files: number }>;
}

export const photo = (colour = '#c96') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' } })
    .toBuffer();

export const validPet = (overrides: Record<string, unknown> = {}) => ({
  name: '초코',
  type: '푸들',
  weight: 4.2,
  age: 3,
  size: 'small',
  gender: 'male',
  adopt: 'false',
  petId: '410-2024-00001',
  ...overrides,
});

/** The web's form: `pet` as a JSON text field and the photo as `profile`. */
export function registerForm(pet: unknown, bytes?: Buffer, filename = 'dog.jpg'): FormData {
  const form = new FormData();
  form.append('pet', JSON.stringify(pet));
  if (bytes) form.append('profile', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), filename);
  return form;
}

export function photoForm(bytes: Buffer, filename = 'new.jpg'): FormData {
  const form = new FormData();
  form.append('profileImage', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), filename);
  return form;
}

import { expectEnvelope } from '../testing/expect-envelope';

export { expectEnvelope };

const editBody = (overrides: Record<string, unknown> = {}) => ({
  name: '초코',
  type: '푸들',
  weight: 5.3,
  age: 4,
  size: 'MEDIUM',
  gender: 'NEUTER',
  adopt: true,
  ...overrides,
});

/** The same canonical answers, whichever upstream is behind the BFF. */
export function petContractSuite(target: PetsTarget): void {
  describe('canonical pet contract', () => {
    it('registers a dog with a photo; the one id is the registration number; the photo is served with cache headers', async () => {
      const c = await target.member();
      const res = await c.postForm('/api/pet/register', registerForm(validPet(), await photo()));
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({
        id: '410-2024-00001',
        petId: '410-2024-00001',
        name: '초코',
        type: '푸들',
        weight: 4.2,
        age: 3,
        size: 'SMALL',
        gender: 'MALE',
        adopt: false,
      });
      expect(res.body.imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9._-]+$/);
      const img = await c.get(res.body.imageUrl);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toMatch(/^image\//);
      expect(img.headers.get('cache-control')).toContain('max-age');
      const list = await c.get('/api/pet/profile/pets');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([res.body]);
      const one = await c.get('/api/pet/410-2024-00001');
      expect(one.body).toEqual(res.body);
    });

    it('answers 409 for a registration number the owner already uses', async () => {
      const c = await target.member();
      await c.postForm('/api/pet/register', registerForm(validPet(), await photo()));
      const before = await target.stored();
      const res = await c.postForm('/api/pet/register', registerForm(validPet({ name: '둘째' }), await photo()));
      expectEnvelope(res, 409, 'ALREADY_EXISTS', '이미 같은 등록번호로 등록한 반려견이 있습니다.');
      expect(await target.stored()).toEqual(before);
    });

    it('rejects every invalid body with 400 + fieldErrors before the upstream sees it', async () => {
      const c = await target.member();
      const before = await target.stored();
      const bad = await c.postForm(
        '/api/pet/register',
        registerForm(validPet({ weight: 2.55, age: 1.5, size: 'HUGE', extra: 1 }), await photo()),
      );
      expectEnvelope(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.error.fieldErrors).toMatchObject({
        weight: '몸무게는 0.1kg 단위로 입력해 주세요.',
        age: '나이는 정수로 입력해 주세요.',
        size: '크기를 선택해 주세요.',
      });
      const noPhoto = await c.postForm('/api/pet/register', registerForm(validPet({ name: '' })));
      expect(noPhoto.body.error.fieldErrors).toMatchObject({
        profile: '반려견 사진을 선택해 주세요.',
        name: '반려견 이름을 입력해 주세요.',
      });
      const text = await c.postForm('/api/pet/register', registerForm(validPet({ weight: 'abc' }), await photo()));
      expect(text.body.error.fieldErrors).toMatchObject({ weight: '몸무게를 숫자로 입력해 주세요.' });
      expect(await target.stored()).toEqual(before);
    });

    it('answers 413 over 5 MB and 415 for a text file named .jpg, storing nothing', async () => {
      const c = await target.member();
      const before = await target.stored();
      const big = await c.postForm('/api/pet/register', registerForm(validPet(), Buffer.alloc(6 * 1024 * 1024, 7)));
      expectEnvelope(big, 413, 'PAYLOAD_TOO_LARGE', '파일 크기는 5MB 이하여야 합니다.');
      const txt = await c.postForm('/api/pet/register', registerForm(validPet(), Buffer.from('plain text, not a picture'), 'fake.jpg'));
      expectEnvelope(txt, 415, 'UNSUPPORTED_MEDIA_TYPE', '이미지 파일만 업로드할 수 있습니다.');
      expect(await target.stored()).toEqual(before);
    });

    it('needs a login for every call', async () => {
      const a = target.anonymous();
      expectEnvelope(await a.get('/api/pet/profile/pets'), 401, 'UNAUTHENTICATED');
      expectEnvelope(await a.get('/api/pet/410-2024-00001'), 401, 'UNAUTHENTICATED');
      expectEnvelope(await a.postForm('/api/pet/register', registerForm(validPet(), await photo())), 401, 'UNAUTHENTICATED');
      expectEnvelope(await a.put('/api/pet/edit/410-2024-00001', editBody()), 401, 'UNAUTHENTICATED');
      expectEnvelope(await a.delete('/api/pet/delete/410-2024-00001'), 401, 'UNAUTHENTICATED');
    });

    it("answers 404 for another user's dog exactly as for a missing one, for every call", async () => {
      const owner = await target.member();
      const other = await target.member();
      await owner.postForm('/api/pet/register', registerForm(validPet({ petId: '777' }), await photo()));
      const before = await target.stored();
      const strip = (r: TestResponse) => ({ status: r.status, code: r.body.error.code, message: r.body.error.message });
      const missing = strip(await other.get('/api/pet/999999'));
      expect(missing.status).toBe(404);
      expect(strip(await other.get('/api/pet/777'))).toEqual(missing);
      expect(strip(await other.put('/api/pet/edit/777', editBody()))).toEqual(missing);
      expect(strip(await other.postForm('/api/pet/777/profile-image', photoForm(await photo())))).toEqual(missing);
      expect(strip(await other.delete('/api/pet/delete/777'))).toEqual(missing);
      expect(await target.stored()).toEqual(before);
      expect((await owner.get('/api/pet/777')).body).toMatchObject({ weight: 4.2, name: '초코' });
    });

    it('edits the fields, keeping the id and the photo', async () => {
      const c = await target.member();
      const created = (await c.postForm('/api/pet/register', registerForm(validPet({ petId: '100' }), await photo()))).body;
      const photoBytes = (await c.get(created.imageUrl)).text;
      expectEnvelope(await c.put('/api/pet/edit/100', editBody({ weight: 2.55 })), 400, 'VALIDATION_FAILED');
      const res = await c.put('/api/pet/edit/100', editBody({ profile: '/uploads/ignored.jpg' }));
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ id: '100', petId: '100', weight: 5.3, age: 4, size: 'MEDIUM', gender: 'NEUTER', adopt: true });
      expect(res.body.imageUrl).not.toBeNull();
      expect((await c.get(res.body.imageUrl)).text).toBe(photoBytes);
      expect((await c.get('/api/pet/profile/pets')).body).toEqual([res.body]);
    });

    it('changes the photo of exactly the dog in the path and removes the old file', async () => {
      const c = await target.member();
      const first = (await c.postForm('/api/pet/register', registerForm(validPet({ petId: '201' }), await photo()))).body;
      const second = (await c.postForm('/api/pet/register', registerForm(validPet({ petId: '202', name: '보리' }), await photo('#36c'))))
        .body;
      const bad = await c.postForm('/api/pet/202/profile-image', photoForm(Buffer.from('not an image'), 'x.jpg'));
      expectEnvelope(bad, 415, 'UNSUPPORTED_MEDIA_TYPE', '이미지 파일만 업로드할 수 있습니다.');
      const empty = await c.postForm('/api/pet/202/profile-image', new FormData());
      expect(empty.status).toBe(400);
      const res = await c.postForm('/api/pet/202/profile-image', photoForm(await photo('#0a0')));
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ id: '202', name: '보리', weight: 4.2 });
      expect(res.body.imageUrl).not.toBe(second.imageUrl);
      expect((await c.get(res.body.imageUrl)).status).toBe(200);
      expect((await c.get(second.imageUrl)).status).toBe(404);
      const list = (await c.get('/api/pet/profile/pets')).body as Array<{ id: string; imageUrl: string }>;
      expect(list.find((p) => p.id === '201')?.imageUrl).toBe(first.imageUrl);
    });

    it('deletes a dog and its photo', async () => {
      const c = await target.member();
      const created = (await c.postForm('/api/pet/register', registerForm(validPet({ petId: '300' }), await photo()))).body;
      const res = await c.delete('/api/pet/delete/300');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, message: '반려견 정보가 삭제되었습니다.' });
      expect((await c.get('/api/pet/profile/pets')).body).toEqual([]);
      expect((await c.get(created.imageUrl)).status).toBe(404);
      expectEnvelope(await c.delete('/api/pet/delete/300'), 404, 'NOT_FOUND');
    });
  });
}
