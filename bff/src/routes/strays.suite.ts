import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AdoptionApplicationListSchema, StrayListSchema, StrayReportResultSchema, StraySchema } from '@pawbridge/shared';
import type { TestClient } from '../testing/test-bff';

export interface SeedStray {
  status: 'LOST' | 'PROTECTING' | 'WAITING' | 'ADOPT';
  location?: string;
  description?: string;
  foundDate?: string;
  foundTime?: string;
}

/** One upstream (our api or the fake Spring) as the suite needs it. */
export interface StraysTarget {
  anonymous(): TestClient;
  member(): Promise<{ client: TestClient; userId: string }>;
  admin(): Promise<TestClient>;
  /** Inserts a stray in the upstream directly; returns its report id. */
  seed(stray: SeedStray): Promise<number>;
  /** Number of writes that reached the upstream for a path prefix (to prove the BFF refused on its own). */
  writes(pathPrefix: string): number;
  /**
   * Writes one refused state change sends upstream: 0 in front of the legacy (the BFF
   * refuses before forwarding, the legacy would not), 1 in front of our api (it refuses
   * itself, and the BFF asks it straight away: docs/decisions/0026).
   */
  forwardedRefusal: 0 | 1;
}

export const photo = (r = 180, g = 120, b = 60) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

export const validReport = (overrides: Record<string, unknown> = {}) => ({
  latitude: 37.55,
  longitude: 126.99,
  gender: 'FEMALE',
  description: '남산 산책로에서 만난 갈색 강아지',
  location: '서울특별시',
  type: '',
  foundDate: '2026-10-03',
  foundTime: '08:15',
  ...overrides,
});

export function reportForm(json: unknown, image?: Buffer | null): FormData {
  const form = new FormData();
  form.append('abandoned-pet', typeof json === 'string' ? json : JSON.stringify(json));
  if (image) form.append('imageurl', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'dog.jpg');
  return form;
}

import { expectEnvelope } from '../testing/expect-envelope';

export { expectEnvelope };

/** The canonical stray/adoption contract every upstream must produce through the BFF. */
export function strayContractSuite(t: StraysTarget): void {
  describe('canonical stray and adoption contract', () => {
    it('adopt list: arrays of canonical strays, LOST hidden, one id, reportStatus, name fallback, BFF image path', async () => {
      const lost = await t.seed({ status: 'LOST' });
      const protecting = await t.seed({ status: 'PROTECTING' });
      const waiting = await t.seed({ status: 'WAITING' });
      const res = await t.anonymous().get('/api/abandoned/abandoned-pets', { query: { size: '100' } });
      expect(res.status).toBe(200);
      const list = StrayListSchema.parse(res.body);
      const ids = list.map((s) => s.id);
      expect(ids).toContain(protecting);
      expect(ids).toContain(waiting);
      expect(ids).not.toContain(lost);
      const p = list.find((s) => s.id === protecting);
      expect(p).toMatchObject({ status: 'PROTECTING', reportStatus: 'APPROVED', name: `유기견 #${protecting}` });
      expect(p?.imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9._-]+$/);
      expect(p?.foundTime).toMatch(/^\d{2}:\d{2}$/);
    });

    it("one stray's page: public strays by id with the place in words, never the exact position; the rest 404", async () => {
      const lost = await t.seed({ status: 'LOST' });
      const waiting = await t.seed({ status: 'WAITING', location: '서울특별시' });
      const c = t.anonymous();
      const res = await c.get(`/api/abandoned/abandoned-pets/${waiting}`);
      expect(res.status, res.text).toBe(200);
      const one = StraySchema.parse(res.body);
      expect(one).toMatchObject({ id: waiting, status: 'WAITING', latitude: null, longitude: null, name: `유기견 #${waiting}` });
      // The seeds lie at 37.5, 127 (Seoul): in words, from the provider or our own regions, never as numbers.
      expect(one.place).toMatch(/^서울특별시/);
      expect(res.text).not.toMatch(/37\.5|127\.0|"latitude":\d/);
      const unknown = await c.get(`/api/abandoned/abandoned-pets/${lost}`);
      expectEnvelope(unknown, 404, 'NOT_FOUND', '입양 목록에 없는 유기견입니다.');
      expect(unknown.body.error.reason).toBe('STRAY_NOT_LISTED');
      expectEnvelope(await c.get('/api/abandoned/abandoned-pets/2147483000'), 404, 'NOT_FOUND');
      expectEnvelope(await c.get('/api/abandoned/abandoned-pets/0x1A'), 400, 'VALIDATION_FAILED');
    });

    it('public lists and search carry the place in words and no coordinates (issue 27); the admin still sees the pin', async () => {
      const id = await t.seed({ status: 'PROTECTING', location: '서울특별시', description: '좌표 숨김 확인' });
      const c = t.anonymous();
      for (const [path, query] of [
        ['/api/abandoned/abandoned-pets', { size: '100' }],
        ['/api/abandoned/abandoned-pets/search', { location: '좌표 숨김', size: '100' }],
      ] as const) {
        const res = await c.get(path, { query });
        const list = StrayListSchema.parse(res.body);
        expect(list.map((s) => s.id)).toContain(id);
        for (const s of list) expect([s.latitude, s.longitude, s.place.length > 0]).toEqual([null, null, true]);
      }
      const admin = await t.admin();
      const reports = await admin.get('/api/admin/abandoned-pets', { query: { size: '100' } });
      const mine = (reports.body as { id: number; latitude: number | null }[]).find((s) => s.id === id);
      expect(mine?.latitude).toBe(37.5);
    });

    it('search actually matches: same day, within the hour, place text; bad input is a 400', async () => {
      const id = await t.seed({
        status: 'PROTECTING',
        location: '부산광역시',
        description: '해운대 모래사장 근처',
        foundDate: '2026-09-09',
        foundTime: '19:40',
      });
      const c = t.anonymous();
      const find = async (query: Record<string, string>) => {
        const res = await c.get('/api/abandoned/abandoned-pets/search', { query });
        expect(res.status, res.text).toBe(200);
        return StrayListSchema.parse(res.body).map((s) => s.id);
      };
      expect(await find({ location: '부산광역시' })).toContain(id);
      expect(await find({ location: '해운대' })).toEqual([id]);
      expect(await find({ foundDate: '2026-09-09' })).toEqual([id]);
      expect(await find({ foundDate: '2026-09-09', foundTime: '20:30', location: '부산' })).toEqual([id]);
      expect(await find({ foundDate: '2026-09-09', foundTime: '21:00' })).toEqual([]);
      expect(await find({ foundDate: '2026-09-10' })).toEqual([]);
      expectEnvelope(await c.get('/api/abandoned/abandoned-pets/search', { query: { foundTime: '7pm' } }), 400, 'VALIDATION_FAILED');
    });

    it('report: login first, then validation (nothing sent upstream), then 201', async () => {
      expectEnvelope(
        await t.anonymous().postForm('/api/abandoned/register', reportForm(validReport(), await photo())),
        401,
        'UNAUTHENTICATED',
        '유기견을 제보하려면 로그인이 필요합니다.',
      );
      const { client } = await t.member();
      const before = t.writes('/api/abandoned/register');
      const bad = await client.postForm(
        '/api/abandoned/register',
        reportForm({ latitude: null, description: '', location: '제주도', foundDate: '', foundTime: '' }, null),
      );
      expectEnvelope(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.error.fieldErrors).toMatchObject({
        latitude: '지도를 눌러 발견 위치를 다시 선택해 주세요.',
        description: '유기견에 대한 설명을 입력해 주세요.',
        location: '발견한 지역을 선택해 주세요.',
        foundDate: '발견 날짜를 입력해 주세요.',
        foundTime: '발견 시간을 입력해 주세요.',
        imageurl: '유기견 사진은 필수입니다.',
      });
      expectEnvelope(
        await client.postForm('/api/abandoned/register', reportForm(validReport(), Buffer.from('plain text, not a photo'))),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expectEnvelope(
        await client.postForm('/api/abandoned/register', reportForm(validReport(), Buffer.alloc(5 * 1024 * 1024 + 1, 0xff))),
        413,
        'PAYLOAD_TOO_LARGE',
        '파일 크기는 5MB 이하여야 합니다.',
      );
      expect(t.writes('/api/abandoned/register')).toBe(before);
      const ok = await client.postForm('/api/abandoned/register', reportForm(validReport(), await photo()));
      expect(ok.status, ok.text).toBe(201);
      expect(StrayReportResultSchema.parse(ok.body).ok).toBe(true);
    });

    it('admin list and registration: 401/403 for others, every status with reportStatus, LOST → PROTECTING once', async () => {
      const lost = await t.seed({ status: 'LOST' });
      const path = `/api/admin/reports/${lost}/register`;
      expectEnvelope(await t.anonymous().get('/api/admin/abandoned-pets'), 401, 'UNAUTHENTICATED');
      const { client: member } = await t.member();
      expectEnvelope(await member.get('/api/admin/abandoned-pets'), 403, 'FORBIDDEN');
      expectEnvelope(await member.post(path), 403, 'FORBIDDEN');
      expectEnvelope(await t.anonymous().post(path), 401, 'UNAUTHENTICATED');
      const admin = await t.admin();
      const list = StrayListSchema.parse((await admin.get('/api/admin/abandoned-pets')).body);
      expect(list.find((s) => s.id === lost)).toMatchObject({ status: 'LOST', reportStatus: 'PENDING' });
      const done = await admin.post(path);
      expect(done.status, done.text).toBe(200);
      expect(done.body).toMatchObject({ ok: true, status: 'PROTECTING' });
      const writes = t.writes(path);
      expectEnvelope(await admin.post(path), 409, 'INVALID_STATE', '이미 등록된 유기견입니다.');
      expect(t.writes(path)).toBe(writes + t.forwardedRefusal);
      expectEnvelope(await admin.post('/api/admin/reports/987654/register'), 404, 'NOT_FOUND');
      expectEnvelope(await admin.post('/api/admin/reports/abc/register'), 400, 'VALIDATION_FAILED');
      const publicList = StrayListSchema.parse((await t.anonymous().get('/api/abandoned/abandoned-pets', { query: { size: '100' } })).body);
      expect(publicList.find((s) => s.id === lost)?.status).toBe('PROTECTING');
    });

    it('adoption: apply → WAITING, repeat 409 ALREADY_APPLIED, others refused, own list only, approve → ADOPT once', async () => {
      const id = await t.seed({ status: 'PROTECTING' });
      expectEnvelope(await t.anonymous().post(`/api/adopt/apply/${id}`), 401, 'UNAUTHENTICATED', '입양을 신청하려면 로그인이 필요합니다.');
      const ann = await t.member();
      const ben = await t.member();
      const applied = await ann.client.post(`/api/adopt/apply/${id}`);
      expect(applied.status, applied.text).toBe(200);
      expect(applied.body).toMatchObject({ ok: true, status: 'WAITING' });
      const list = StrayListSchema.parse((await t.anonymous().get('/api/abandoned/abandoned-pets', { query: { size: '100' } })).body);
      expect(list.find((s) => s.id === id)?.status).toBe('WAITING');
      const writes = t.writes(`/api/adopt/apply/${id}`);
      expectEnvelope(await ann.client.post(`/api/adopt/apply/${id}`), 409, 'ALREADY_APPLIED', '이미 입양을 신청한 유기견입니다.');
      expectEnvelope(await ben.client.post(`/api/adopt/apply/${id}`), 409, 'INVALID_STATE');
      expect(t.writes(`/api/adopt/apply/${id}`)).toBe(writes + 2 * t.forwardedRefusal);
      expectEnvelope(await ben.client.post('/api/adopt/apply/876543'), 404, 'NOT_FOUND');

      expectEnvelope(await t.anonymous().get('/api/adopt/adoption/my-applications'), 401, 'UNAUTHENTICATED');
      const mine = AdoptionApplicationListSchema.parse((await ann.client.get('/api/adopt/adoption/my-applications')).body);
      expect(mine.every((a) => a.userName === ann.userId)).toBe(true);
      const app = mine.find((a) => a.adoptPetId === id);
      expect(app).toMatchObject({ adoptStatus: 'REQUESTED', approvedAt: null });
      expect(app?.appliedAt).toMatch(/Z$/);
      expect(
        AdoptionApplicationListSchema.parse((await ben.client.get('/api/adopt/adoption/my-applications')).body).some(
          (a) => a.adoptPetId === id,
        ),
      ).toBe(false);

      expectEnvelope(await ann.client.get('/api/admin/adopt-applications'), 403, 'FORBIDDEN');
      const admin = await t.admin();
      const all = AdoptionApplicationListSchema.parse((await admin.get('/api/admin/adopt-applications')).body);
      const target = all.find((a) => a.adoptPetId === id && a.userName === ann.userId);
      expect(target?.adoptStatus).toBe('REQUESTED');
      expectEnvelope(await ann.client.post(`/api/admin/adopt/approve/${target?.id}`), 403, 'FORBIDDEN');
      const approved = await admin.post(`/api/admin/adopt/approve/${target?.id}`);
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body).toMatchObject({ ok: true, status: 'ADOPT' });
      expectEnvelope(await admin.post(`/api/admin/adopt/approve/${target?.id}`), 409, 'INVALID_STATE');
      expectEnvelope(await admin.post('/api/admin/adopt/approve/765432'), 404, 'NOT_FOUND');
      const after = AdoptionApplicationListSchema.parse((await ann.client.get('/api/adopt/adoption/my-applications')).body).find(
        (a) => a.id === target?.id,
      );
      expect(after?.adoptStatus).toBe('APPROVED');
      const listed = StrayListSchema.parse(
        (await t.anonymous().get('/api/abandoned/abandoned-pets', { query: { size: '100' } })).body,
      ).find((s) => s.id === id);
      if (listed) expect(listed.status).toBe('ADOPT');
    });
  });
}
