import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { createMember, getJson, insertStray, postReport, solidJpeg, validReport, type Member } from '../../testing/fixtures';
import { kakaoReverseGeocoder } from '../../integrations/geocoding/reverse-geocoder';

/** A local stand-in for Kakao Local's coord2regioncode (we cannot reach Kakao): answers what `answer` says, records the calls. */
function kakaoStandIn() {
  const calls: { path: string; auth: string | undefined }[] = [];
  let answer: (url: URL) => { status: number; body: unknown; delayMs?: number } = (url) => ({
    status: 200,
    body: {
      meta: { total_count: 2 },
      documents: [
        { region_type: 'H', address_name: '부산광역시 해운대구 우제1동', x: Number(url.searchParams.get('x')), y: 0 },
        { region_type: 'B', address_name: '부산광역시 해운대구 우동', x: Number(url.searchParams.get('x')), y: 0 },
      ],
    },
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    calls.push({ path: `${url.pathname}?${url.searchParams.toString()}`, auth: req.headers.authorization });
    const a = answer(url);
    setTimeout(() => res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body)), a.delayMs ?? 0);
  });
  return {
    calls,
    set: (f: typeof answer) => void (answer = f),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('places in words (decision 0033)', () => {
  const kakao = kakaoStandIn();
  let base: string;
  let api: TestApi;
  let admin: Member;
  let member: Member;

  beforeAll(async () => {
    base = await kakao.start();
    api = await startTestApi({ KAKAO_REST_API_KEY: 'rest-key-1', KAKAO_LOCAL_URL: base });
    admin = await createMember(api, 'placeadmin', { role: 'ADMIN' });
    member = await createMember(api, 'placefinder');
  });
  afterAll(async () => {
    await api.close();
    await kakao.close();
  });

  const reportAndRegister = async (json: Record<string, unknown>) => {
    const res = await postReport(api, member.cookie, validReport(json), await solidJpeg(90, 60, 30));
    expect(res.status).toBe(200);
    const id = Number(res.body?.id);
    const reg = await fetch(`${api.url}/api/admin/reports/${id}/register`, { method: 'POST', headers: { cookie: admin.cookie } });
    expect(reg.status).toBe(200);
    return id;
  };

  it("a report's pin is put into words by Kakao once, stored, and the public page says only the words", async () => {
    const id = await reportAndRegister({ latitude: 35.1587, longitude: 129.1604, location: '부산광역시' });
    const call = kakao.calls.at(-1);
    expect(call).toEqual({ path: '/v2/local/geo/coord2regioncode.json?x=129.1604&y=35.1587', auth: 'KakaoAK rest-key-1' });
    const row = await api.ctx.db.selectFrom('strayReports').select('placeName').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.placeName).toBe('부산광역시 해운대구 우동');

    const calls = kakao.calls.length;
    const page = await getJson(api, `/api/abandoned/abandoned-pets/${id}`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ id, placeName: '부산광역시 해운대구 우동', latitude: null, longitude: null, userId: null });
    expect(page.text).not.toContain('35.1587');
    const list = (await getJson(api, '/api/abandoned/abandoned-pets')).json as { id: number; placeName: string; latitude: unknown }[];
    expect(list.find((s) => s.id === id)).toMatchObject({ placeName: '부산광역시 해운대구 우동', latitude: null });
    expect(kakao.calls.length).toBe(calls); // read from the row, never looked up again

    const forAdmin = await getJson(api, `/api/admin/abandoned-pets/${id}`, admin.cookie);
    expect(forAdmin.json).toMatchObject({ latitude: 35.1587, longitude: 129.1604, placeName: '부산광역시 해운대구 우동' });
  });

  it('Kakao failing or answering nothing: the report is filed and the region from our own data is said', async () => {
    kakao.set(() => ({ status: 500, body: { msg: 'down' } }));
    const id = await reportAndRegister({ latitude: 35.1587, longitude: 129.1604, location: '부산광역시' });
    const row = await api.ctx.db.selectFrom('strayReports').select('placeName').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.placeName).toBeNull();
    expect((await getJson(api, `/api/abandoned/abandoned-pets/${id}`)).json).toMatchObject({ placeName: '부산광역시', latitude: null });
  });

  it('the page of an unreviewed report, an unknown id or a malformed one is 404', async () => {
    const lost = await insertStray(api, { status: 'LOST' });
    for (const path of [
      `/api/abandoned/abandoned-pets/${lost}`,
      '/api/abandoned/abandoned-pets/99999999',
      '/api/abandoned/abandoned-pets/01',
    ])
      expect((await getJson(api, path)).status, path).toBe(404);
  });
});

describe('kakaoReverseGeocoder', () => {
  const kakao = kakaoStandIn();
  let base: string;
  beforeAll(async () => void (base = await kakao.start()));
  afterAll(() => kakao.close());
  const geocoder = (timeoutMs = 2000) => kakaoReverseGeocoder({ restKey: 'k', baseUrl: base, timeoutMs });
  const seoul = { lat: 37.5665, lng: 126.978 };

  it('prefers the 법정동 address, else the 행정동 one, else null', async () => {
    kakao.set(() => ({ status: 200, body: { documents: [{ region_type: 'H', address_name: ' 서울특별시  중구 명동 ' }] } }));
    expect(await geocoder().placeOf(seoul)).toBe('서울특별시 중구 명동');
    kakao.set(() => ({ status: 200, body: { documents: [] } }));
    expect(await geocoder().placeOf(seoul)).toBeNull();
    kakao.set(() => ({ status: 200, body: 'not json at all' }));
    expect(await geocoder().placeOf(seoul)).toBeNull();
  });

  it('a refusal (wrong key: 401) or a provider slower than the timeout is null, never an error', async () => {
    kakao.set(() => ({ status: 401, body: { errorType: 'AccessDeniedError' } }));
    expect(await geocoder().placeOf(seoul)).toBeNull();
    kakao.set(() => ({ status: 200, body: { documents: [{ region_type: 'B', address_name: '늦은 답' }] }, delayMs: 300 }));
    expect(await geocoder(50).placeOf(seoul)).toBeNull();
  });
});
