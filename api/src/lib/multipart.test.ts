import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api';
import { createMember, jpegWithExif, petJson, rawMultipart, send, solidJpeg, validReport, type Member } from '../testing/fixtures';

// The one reader behind every upload route (pets and strays share it): a JSON part
// may come as a text field, a field typed application/json, or a file/Blob part.
describe('multipart JSON parts on the upload routes', () => {
  let api: TestApi;
  let owner: Member;
  beforeAll(async () => {
    api = await startTestApi();
    owner = await createMember(api, 'curl-user');
  });
  afterAll(() => api.close());

  const photoPart = async (name: string) => ({ name, value: await jpegWithExif(), type: 'image/jpeg', filename: 'dog.jpg' });
  const petNames = async () =>
    ((await send(api, 'GET', '/api/pet/profile/pets', { cookie: owner.cookie })).json as unknown as Array<{ name: string }>).map(
      (p) => p.name,
    );

  it("reads curl's typed part (-F 'pet={...};type=application/json') as the object, not \"[object Object]\"", async () => {
    const { body, headers } = rawMultipart([
      { name: 'pet', value: JSON.stringify(petJson({ name: '타입드', petId: '410-9000-00001' })), type: 'application/json' },
      await photoPart('profile'),
    ]);
    const res = await send(api, 'POST', '/api/pet/register', { cookie: owner.cookie, headers, body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, pet: { name: '타입드', petId: '410-9000-00001' } });
  });

  it('reads a plain text field and a file part (curl -F pet=@pet.json) the same way', async () => {
    const text = rawMultipart([
      { name: 'pet', value: JSON.stringify(petJson({ name: '텍스트', petId: '410-9000-00002' })) },
      await photoPart('profile'),
    ]);
    const file = rawMultipart([
      {
        name: 'pet',
        value: JSON.stringify(petJson({ name: '파일', petId: '410-9000-00003' })),
        type: 'application/octet-stream',
        filename: 'pet.json',
      },
      await photoPart('profile'),
    ]);
    expect((await send(api, 'POST', '/api/pet/register', { cookie: owner.cookie, ...text })).status).toBe(200);
    expect((await send(api, 'POST', '/api/pet/register', { cookie: owner.cookie, ...file })).status).toBe(200);
    expect(await petNames()).toEqual(expect.arrayContaining(['텍스트', '파일']));
  });

  it('reads a typed abandoned-pet part on the stray report too', async () => {
    const { body, headers } = rawMultipart([
      { name: 'abandoned-pet', value: JSON.stringify(validReport({ description: '타입드 파트로 온 제보' })), type: 'application/json' },
      { name: 'imageurl', value: await solidJpeg(10, 20, 30), type: 'image/jpeg', filename: 'dog.jpg' },
    ]);
    const res = await send(api, 'POST', '/api/abandoned/register', { cookie: owner.cookie, headers, body });
    expect(res.status).toBe(200);
    const row = await api.ctx.db
      .selectFrom('strayReports')
      .select('description')
      .where('id', '=', Number(res.json.id))
      .executeTakeFirstOrThrow();
    expect(row.description).toBe('타입드 파트로 온 제보');
  });

  it('answers a typed part that is not JSON with 400 on that field', async () => {
    const { body, headers } = rawMultipart([{ name: 'pet', value: '{not json', type: 'application/json' }, await photoPart('profile')]);
    const res = await send(api, 'POST', '/api/pet/register', { cookie: owner.cookie, headers, body });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual({ pet: '형식이 올바르지 않습니다.' });
  });

  it('answers a broken multipart body with 400 and a body that is not multipart with 415, never 500', async () => {
    const broken = await send(api, 'POST', '/api/pet/register', {
      cookie: owner.cookie,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="pet"\r\n\r\n{"name":"cut off',
    });
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual({ success: false, message: '요청 형식이 올바르지 않습니다.' });
    const json = await send(api, 'POST', '/api/abandoned/register', {
      cookie: owner.cookie,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(json.json).toEqual({ success: false, message: 'multipart/form-data 형식으로 보내 주세요.' });
  });
});
