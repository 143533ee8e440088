import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { jpegWithExif, createMember, petForm, petJson, send } from '../../testing/fixtures';

let api: TestApi;
let alice: { cookie: string; pk: number };
let bob: { cookie: string; pk: number };

const uploads = () => (fs.existsSync(api.config.uploadDir) ? fs.readdirSync(api.config.uploadDir).filter((f) => !f.startsWith('.')) : []);
const rowCount = async () =>
  Number(
    (
      await api.ctx.db
        .selectFrom('pets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const list = async (cookie: string) =>
  (await send(api, 'GET', '/api/pet/profile/pets', { cookie })).json as unknown as Array<Record<string, unknown>>;

beforeAll(async () => {
  api = await startTestApi();
  alice = await createMember(api, 'alice');
  bob = await createMember(api, 'bobby');
});
afterAll(() => api.close());

describe('POST /api/pet/register', () => {
  it('registers a dog with a re-encoded photo (EXIF stripped) and lists it with the legacy DTO plus id', async () => {
    const res = await send(api, 'POST', '/api/pet/register', { cookie: alice.cookie, form: petForm(petJson(), await jpegWithExif()) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: '반려견 등록이 완료되었습니다.' });
    const pets = await list(alice.cookie);
    expect(pets).toHaveLength(1);
    const dog = pets[0]!;
    expect(dog).toMatchObject({
      name: '초코',
      adopt: false,
      type: '푸들',
      weight: 4.2,
      size: 'SMALL',
      age: 3,
      gender: 'MALE',
      petId: '410-2024-00001',
    });
    expect(typeof dog.id).toBe('number');
    expect(String(dog.profile)).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const photo = await fetch(api.url + String(dog.profile));
    expect(photo.status).toBe(200);
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).exif).toBeUndefined();
  });

  it('answers 409 for a registration number the owner already uses, storing nothing', async () => {
    const [files, rows] = [uploads().length, await rowCount()];
    const res = await send(api, 'POST', '/api/pet/register', {
      cookie: alice.cookie,
      form: petForm(petJson({ name: '다른 개' }), await jpegWithExif()),
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ success: false, message: '이미 같은 등록번호로 등록한 반려견이 있습니다.' });
    expect(uploads()).toHaveLength(files);
    expect(await rowCount()).toBe(rows);
  });

  it('lets another owner use the same registration number (unique per owner)', async () => {
    const res = await send(api, 'POST', '/api/pet/register', {
      cookie: bob.cookie,
      form: petForm(petJson({ name: '보리' }), await jpegWithExif('#369')),
    });
    expect(res.status).toBe(200);
    expect((await list(bob.cookie)).map((p) => p.name)).toEqual(['보리']);
    expect((await list(alice.cookie)).map((p) => p.name)).toEqual(['초코']);
  });

  it('needs a session (401 with the legacy body) and reads the whole upload first', async () => {
    const res = await send(api, 'POST', '/api/pet/register', { form: petForm(petJson({ petId: '1' }), await jpegWithExif()) });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ success: false, message: '로그인이 필요합니다.' });
  });

  it('parses the pet part strictly: unknown keys, bad JSON, bad values and a missing photo are 400', async () => {
    const photo = await jpegWithExif();
    const unknown = await send(api, 'POST', '/api/pet/register', {
      cookie: alice.cookie,
      form: petForm(petJson({ petId: '2', owner: 'bobby' }), photo),
    });
    expect(unknown.status).toBe(400);
    const badJson = new FormData();
    badJson.append('pet', '{not json');
    badJson.append('profile', new Blob([new Uint8Array(photo)]), 'a.jpg');
    expect((await send(api, 'POST', '/api/pet/register', { cookie: alice.cookie, form: badJson })).status).toBe(400);
    const step = await send(api, 'POST', '/api/pet/register', {
      cookie: alice.cookie,
      form: petForm(petJson({ petId: '3', weight: 2.55, age: 1.5 }), photo),
    });
    expect(step.status).toBe(400);
    expect(step.json.fieldErrors).toMatchObject({ weight: '몸무게는 0.1kg 단위로 입력해 주세요.', age: '나이는 정수로 입력해 주세요.' });
    const noPhoto = await send(api, 'POST', '/api/pet/register', { cookie: alice.cookie, form: petForm(petJson({ petId: '4' })) });
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.json.fieldErrors).toMatchObject({ profile: '반려견 사진을 선택해 주세요.' });
    expect(await rowCount()).toBe(2);
  });

  it('rejects a photo over 5 MB (413) and a text file named .jpg (415), storing nothing', async () => {
    const [files, rows] = [uploads().length, await rowCount()];
    const big = await send(api, 'POST', '/api/pet/register', {
      cookie: alice.cookie,
      form: petForm(petJson({ petId: '5' }), Buffer.alloc(6 * 1024 * 1024, 1)),
    });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ success: false, message: '파일 크기는 5MB 이하여야 합니다.' });
    const text = await send(api, 'POST', '/api/pet/register', {
      cookie: alice.cookie,
      form: petForm(petJson({ petId: '6' }), Buffer.from('just some text, not a photo')),
    });
    expect(text.status).toBe(415);
    expect(text.json).toEqual({ success: false, message: '이미지 파일만 업로드할 수 있습니다.' });
    expect(uploads()).toHaveLength(files);
    expect(await rowCount()).toBe(rows);
  });
});

describe('reading, editing and deleting', () => {
  const aliceDog = async () => (await list(alice.cookie))[0]!;
  const bobDog = async () => (await list(bob.cookie))[0]!;

  it('list and GET need a session (401 text) once a session cookie is presented', async () => {
    const res = await send(api, 'GET', '/api/pet/profile/pets', { cookie: 'JSESSIONID=expired-or-made-up' });
    expect(res.status).toBe(401);
    expect(res.text).toBe('로그인이 필요합니다.');
    expect(res.type).toMatch(/text\/plain/);
    expect((await send(api, 'GET', `/api/pet/${(await aliceDog()).id}`)).status).toBe(401);
  });

  it('answers a visitor who presents no session an empty list, so the legacy home shows no login alert (decision 0029)', async () => {
    const res = await send(api, 'GET', '/api/pet/profile/pets');
    expect(res).toMatchObject({ status: 200, json: [] });
    expect((await send(api, 'GET', '/api/pet/profile/pets', { cookie: 'PAWBRIDGE_SIGNUP=x' })).json).toEqual([]);
  });

  it('GET /api/pet/{id} shows the owner their dog and answers 404 to anyone else (no public hole)', async () => {
    const dog = await aliceDog();
    const own = await send(api, 'GET', `/api/pet/${dog.id}`, { cookie: alice.cookie });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ petId: dog.petId, name: '초코' });
    const other = await send(api, 'GET', `/api/pet/${dog.id}`, { cookie: bob.cookie });
    const missing = await send(api, 'GET', '/api/pet/999999', { cookie: bob.cookie });
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(Object.keys(other.json).sort()).toEqual(Object.keys(missing.json).sort());
    expect((await send(api, 'GET', '/api/pet/abc', { cookie: alice.cookie })).status).toBe(404);
  });

  it('PUT edit overwrites the fields, keeps the registration number, and another owner gets 404', async () => {
    const dog = await aliceDog();
    const edit = {
      name: '초코',
      adopt: true,
      type: '토이 푸들',
      weight: 5.1,
      size: 'MEDIUM',
      age: 4,
      gender: 'NEUTER',
      petId: 'ignored-1',
      profile: null,
    };
    const byBob = await send(api, 'PUT', `/api/pet/edit/${dog.id}`, { cookie: bob.cookie, form: petForm(edit) });
    expect(byBob.status).toBe(404);
    expect((await aliceDog()).weight).toBe(4.2);
    const res = await send(api, 'PUT', `/api/pet/edit/${dog.id}`, { cookie: alice.cookie, form: petForm(edit) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: '반려견 정보가 수정되었습니다.' });
    expect(await aliceDog()).toMatchObject({
      adopt: true,
      type: '토이 푸들',
      weight: 5.1,
      size: 'MEDIUM',
      age: 4,
      gender: 'NEUTER',
      petId: '410-2024-00001',
      profile: dog.profile,
    });
  });

  it('PUT edit with a new photo replaces it and deletes the old file; a bad photo changes nothing', async () => {
    const dog = await aliceDog();
    const oldKey = String(dog.profile).slice('/uploads/'.length);
    const fields = { name: '초코', adopt: true, type: '토이 푸들', weight: 5.1, size: 'MEDIUM', age: 4, gender: 'NEUTER' };
    const bad = await send(api, 'PUT', `/api/pet/edit/${dog.id}`, {
      cookie: alice.cookie,
      form: petForm(fields, Buffer.from('GIF89a? no, text')),
    });
    expect(bad.status).toBe(415);
    expect(uploads()).toContain(oldKey);
    const files = uploads().length;
    const res = await send(api, 'PUT', `/api/pet/edit/${dog.id}`, {
      cookie: alice.cookie,
      form: petForm(fields, await jpegWithExif('#0a0')),
    });
    expect(res.status).toBe(200);
    const after = await aliceDog();
    expect(after.profile).not.toBe(dog.profile);
    expect(uploads()).not.toContain(oldKey);
    expect(uploads()).toHaveLength(files);
  });

  it('PUT edit validates strictly and needs a session', async () => {
    const dog = await aliceDog();
    const res = await send(api, 'PUT', `/api/pet/edit/${dog.id}`, { cookie: alice.cookie, form: petForm({ name: '초코', hacked: true }) });
    expect(res.status).toBe(400);
    expect((await send(api, 'PUT', `/api/pet/edit/${dog.id}`, { form: petForm(petJson()) })).status).toBe(401);
  });

  it('DELETE takes the registration number, only the owner may delete, and the photo file goes too', async () => {
    const dog = await bobDog();
    const key = String(dog.profile).slice('/uploads/'.length);
    // Alice has her own dog with the same registration number: deleting must touch only hers, never Bob's.
    const notMine = await send(api, 'DELETE', `/api/pet/delete/does-not-exist`, { cookie: bob.cookie });
    expect(notMine.status).toBe(404);
    expect((await send(api, 'DELETE', `/api/pet/delete/${dog.petId}`)).status).toBe(401);
    const res = await send(api, 'DELETE', `/api/pet/delete/${encodeURIComponent(String(dog.petId))}`, { cookie: bob.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: '반려견 정보가 삭제되었습니다.' });
    expect(await list(bob.cookie)).toEqual([]);
    expect(await list(alice.cookie)).toHaveLength(1);
    expect(uploads()).not.toContain(key);
    expect((await send(api, 'DELETE', `/api/pet/delete/${dog.petId}`, { cookie: bob.cookie })).status).toBe(404);
  });
});
