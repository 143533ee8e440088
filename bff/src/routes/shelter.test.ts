import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ShelterAnimalListSchema, SyncRunListSchema } from '@pawbridge/shared';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';

// The BFF in front of an api-shaped stand-in that records what reaches it.
const animal = (no: string, over: Record<string, unknown> = {}) => ({
  desertionNo: no,
  kind: '믹스견',
  color: '갈색',
  sex: 'F',
  neutered: 'U',
  birthYear: 2022,
  ageText: '2022(년생)',
  weightKg: 8.8,
  happenDate: '2026-11-10',
  happenPlace: '서울특별시 마포구 망원동',
  noticeNo: '서울-마포-2026-00100',
  noticeStart: '2026-11-10',
  noticeEnd: '2026-11-20',
  processState: '보호중',
  status: 'PROTECTING',
  specialMark: '온순함',
  shelter: { name: '마포동물보호센터', tel: '02-000-0000', address: '서울특별시 마포구', regNo: '311000201' },
  region: { sido: '서울특별시', sigungu: '마포구' },
  imageUrls: [`/shelter-images/${no}/1`],
  updatedAt: '2026-11-10T12:00:00+09:00',
  ...over,
});

const run = {
  id: 7,
  trigger: 'admin',
  startedAt: '2026-11-23T01:00:00Z',
  finishedAt: null,
  status: 'running',
  pages: 1,
  fetched: 1000,
  created: 990,
  updated: 10,
  error: null,
};
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(256, 3)]);

let upstream: http.Server;
let bff: TestBff;
const seen: { method: string; url: string }[] = [];
let syncAnswer: { status: number; body: unknown } = { status: 202, body: { runId: 7 } };

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const url = req.url ?? '';
    seen.push({ method: req.method ?? '', url });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const path = url.split('?')[0];
    if (path === '/api/users/check-session') {
      const cookie = req.headers.cookie ?? '';
      if (cookie.includes('JSESSIONID=admin')) return json(200, { userId: 'admin', role: 'ADMIN' });
      if (cookie.includes('JSESSIONID=member')) return json(200, { userId: 'member', role: 'USER' });
      return json(200, { loggedIn: false });
    }
    if (path === '/api/shelter-animals')
      // One row the contract does not know and one portal URL: neither may reach the browser.
      return json(
        200,
        [
          animal('448000202600001'),
          { desertionNo: 'broken' },
          animal('448000202600002', { imageUrls: ['http://openapi.animal.go.kr/x.jpg', '/shelter-images/448000202600002/2'] }),
        ],
        { 'x-total-count': '41' },
      );
    if (path === '/api/shelter-animals/448000202600001') return json(200, animal('448000202600001'));
    if (path?.startsWith('/api/shelter-animals/')) return json(404, { message: 'not found' });
    if (path === '/shelter-images/448000202600001/1')
      return res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(JPEG.length) }).end(JPEG);
    if (path === '/shelter-images/448000202600001/2')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    if (path === '/shelter-images/448000202600003/1') return res.writeHead(502).end();
    if (path === '/api/admin/shelter-sync' && req.method === 'POST') return json(syncAnswer.status, syncAnswer.body);
    if (path === '/api/admin/shelter-sync/runs') return json(200, [run, { id: 'x' }], { 'x-total-count': '3' });
    return json(404, {});
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  bff = await startTestBff(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await bff.close();
  await new Promise((resolve) => upstream.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  syncAnswer = { status: 202, body: { runId: 7 } };
});

const asAdmin = () => {
  const c = createClient(bff.url);
  c.cookies.set('JSESSIONID', 'admin');
  return c;
};

describe('GET /api/shelter-animals (upstream = our api)', () => {
  it('answers the contract with the total and availability headers, forwarding only the valid criteria', async () => {
    const res = await createClient(bff.url).get('/api/shelter-animals', {
      query: { page: '2', size: '20', place: ' 마포 ', sido: '서울특별시', foundDateFrom: '2026-11-01', junk: 'x' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('41');
    expect(res.headers.get('x-shelter-available')).toBe('true');
    const list = ShelterAnimalListSchema.parse(res.body);
    expect(list.map((a) => a.desertionNo)).toEqual(['448000202600001', '448000202600002']);
    expect(list[1]?.imageUrls).toEqual(['/shelter-images/448000202600002/2']);
    const forwarded = new URL(seen.find((s) => s.url.startsWith('/api/shelter-animals'))?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(forwarded)).toEqual({
      page: '2',
      size: '20',
      place: '마포',
      sido: '서울특별시',
      foundDateFrom: '2026-11-01',
      state: 'active',
    });
  });

  it('refuses bad criteria with 400 before asking the upstream', async () => {
    const bad: Record<string, string>[] = [{ size: '101' }, { foundDateFrom: '2026-13-01' }, { state: 'dead' }, { page: '0' }];
    for (const query of bad) {
      const res = await createClient(bff.url).get('/api/shelter-animals', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(seen.filter((s) => s.url.startsWith('/api/shelter-animals'))).toHaveLength(0);
  });

  it('answers one animal, and 404 with its reason for an unknown one', async () => {
    expect((await createClient(bff.url).get('/api/shelter-animals/448000202600001')).body.kind).toBe('믹스견');
    const missing = await createClient(bff.url).get('/api/shelter-animals/448000209999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.reason).toBe('SHELTER_ANIMAL_NOT_FOUND');
    expect((await createClient(bff.url).get('/api/shelter-animals/..%2Fadmin')).status).toBe(400);
  });
});

describe('/shelter-images/:desertionNo/:n', () => {
  it('passes an image through with a long cache and nosniff', async () => {
    const res = await fetch(`${bff.url}/shelter-images/448000202600001/1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('max-age=604800');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('never passes on what is not an image, and says a broken upstream is 502', async () => {
    const html = await fetch(`${bff.url}/shelter-images/448000202600001/2`);
    expect(html.status).toBe(404);
    expect(((await html.json()) as { error: { reason: string } }).error.reason).toBe('SHELTER_IMAGE_UNAVAILABLE');
    expect((await fetch(`${bff.url}/shelter-images/448000202600003/1`)).status).toBe(502);
    expect((await fetch(`${bff.url}/shelter-images/448000202600001/3`)).status).toBe(400);
  });
});

describe('admin shelter sync', () => {
  it('starts a run for an admin (202 runId) and lists the history with its total', async () => {
    const started = await asAdmin().post('/api/admin/shelter-sync');
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ runId: 7 });
    const runs = await asAdmin().get('/api/admin/shelter-sync/runs');
    expect(runs.status).toBe(200);
    expect(SyncRunListSchema.parse(runs.body)).toEqual([run]);
    expect(runs.headers.get('x-total-count')).toBe('3');
  });

  it('keeps visitors and members out without reaching the upstream', async () => {
    expect((await createClient(bff.url).post('/api/admin/shelter-sync')).status).toBe(401);
    const member = createClient(bff.url);
    member.cookies.set('JSESSIONID', 'member');
    const res = await member.post('/api/admin/shelter-sync');
    expect(res.status).toBe(403);
    expect((await member.get('/api/admin/shelter-sync/runs')).status).toBe(403);
    expect(seen.filter((s) => s.url.startsWith('/api/admin/shelter-sync'))).toHaveLength(0);
  });

  it('refuses a cross-site start', async () => {
    const res = await asAdmin().post('/api/admin/shelter-sync', undefined, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CROSS_ORIGIN_REJECTED');
  });

  it('says a running sync is 409 and a missing key is 503, each with its reason', async () => {
    syncAnswer = { status: 409, body: { message: 'running' } };
    const busy = await asAdmin().post('/api/admin/shelter-sync');
    expect([busy.status, busy.body.error.reason]).toEqual([409, 'SHELTER_SYNC_RUNNING']);
    syncAnswer = { status: 503, body: { message: 'no key' } };
    const off = await asAdmin().post('/api/admin/shelter-sync');
    expect([off.status, off.body.error.reason]).toEqual([503, 'SHELTER_SYNC_UNCONFIGURED']);
  });
});
