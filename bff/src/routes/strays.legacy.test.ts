import { beforeEach, describe, expect, it } from 'vitest';
import { AdoptionApplicationListSchema, StrayListSchema } from '@pawbridge/shared';
import { springText } from '../testing/fake-spring/index';
import { createClient } from '../testing/test-bff';
import { expectEnvelope, photo, reportForm, strayContractSuite, validReport, type StraysTarget } from './strays.suite';
import { strayPagingSuite } from './paging.suite';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember, type Member, type Role } from '../testing/fixtures';

// The BFF in front of the legacy wire (fake Spring): same canonical answers, the legacy's holes closed.
const stack = useBffOnFakeSpring();
beforeEach(() => {
  stack.spring.state.overrides.clear();
  stack.spring.state.predictedBreed = 'Poodle';
});

const login = (role: Role): Member => legacyMember(stack.spring, stack.bff.url, { role });

const writes = (prefix: string) => stack.spring.state.requests.filter((r) => r.method === 'POST' && r.path.startsWith(prefix)).length;

describe('strays through the BFF, upstream = legacy Spring', () => {
  const target: StraysTarget = {
    anonymous: () => createClient(stack.bff.url),
    member: async () => login('USER'),
    admin: async () => login('ADMIN').client,
    seed: async (s) => stack.spring.state.addStrayForm({ ...s, description: s.description ?? null }).id,
    writes,
    forwardedRefusal: 0,
  };
  strayContractSuite(target);
  strayPagingSuite(target);

  it('accepts `{data: [...]}` lists and drops entries it cannot show', async () => {
    const form = stack.spring.state.addStrayForm({ status: 'PROTECTING' });
    stack.spring.state.override('GET /api/abandoned/abandoned-pets', (_req, reply) =>
      reply.send({ data: [form, { id: 'x', status: 'PROTECTING' }, { id: 9, status: 'GONE' }, null] }),
    );
    const list = StrayListSchema.parse((await createClient(stack.bff.url).get('/api/abandoned/abandoned-pets')).body);
    expect(list.map((s) => s.id)).toEqual([form.id]);
    stack.spring.state.override('GET /api/abandoned/abandoned-pets', (_req, reply) => reply.send({ unexpected: true }));
    expect((await createClient(stack.bff.url).get('/api/abandoned/abandoned-pets')).body).toEqual([]);
  });

  it('search never returns the Elasticsearch ids: results are report ids with status and photo', async () => {
    const form = stack.spring.state.addStrayForm({ status: 'PROTECTING', location: '강원도', description: '설악산 입구' });
    const esId = stack.spring.state.abandonedPets.find((p) => p.formId === form.id)?.id;
    expect(esId).not.toBe(form.id);
    const res = await createClient(stack.bff.url).get('/api/abandoned/abandoned-pets/search', { query: { location: '강원도' } });
    const list = StrayListSchema.parse(res.body);
    expect(list.map((s) => s.id)).toEqual([form.id]);
    expect(list[0]).toMatchObject({ status: 'PROTECTING', imageUrl: form.imageUrl });
  });

  it('report: forwards only the legacy DTO keys; a Custom Vision failure (legacy 500) becomes 502 REPORT_FAILED with a readable reason (issue 8 item 8)', async () => {
    const { client, userId } = login('USER');
    const ok = await client.postForm('/api/abandoned/register', reportForm(validReport({ type: '진돗개' }), await photo()));
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ ok: true, id: null });
    expect(stack.spring.state.strayForms.at(-1)).toMatchObject({ userId, status: 'LOST', location: '서울특별시' });
    stack.spring.state.predictedBreed = null;
    const failed = await client.postForm('/api/abandoned/register', reportForm(validReport(), await photo()));
    // The screen shows "등록에 실패했습니다: {message}"; the exception text itself stays inside.
    expectEnvelope(
      failed,
      502,
      'REPORT_FAILED',
      '품종 예측 서비스가 응답하지 않아 서버가 제보를 받지 않았습니다. 잠시 후 다시 시도해 주세요.',
    );
    expect(failed.text).not.toContain('Custom Vision');
    stack.spring.state.predictedBreed = 'Poodle';
    stack.spring.state.override('POST /api/abandoned/register', (_req, reply) =>
      reply.code(500).send({
        success: false,
        message: '등록 중 오류가 발생했습니다: could not execute statement; SQL [insert into abandoned_pet_form ...]',
      }),
    );
    const other = await client.postForm('/api/abandoned/register', reportForm(validReport(), await photo()));
    expectEnvelope(other, 502, 'REPORT_FAILED', '등록 중 오류가 발생했습니다.');
    expect(other.text).not.toContain('SQL');
  });

  it('predict: the legacy answer is the breed with no confidence; its uncaught failure becomes 503', async () => {
    const form = async () => {
      const f = new FormData();
      f.append('imageurl', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'a.jpg');
      return f;
    };
    const ok = await createClient(stack.bff.url).postForm('/api/abandoned/predict', await form());
    expect(ok.body).toEqual({ predictedBreed: 'Poodle', confidence: null });
    stack.spring.state.predictedBreed = null;
    expectEnvelope(await createClient(stack.bff.url).postForm('/api/abandoned/predict', await form()), 503, 'PREDICTION_UNAVAILABLE');
  });

  it('my-applications: the legacy sends everyone’s; the BFF keeps only the caller’s and finds the stray ids', async () => {
    const a = stack.spring.state.addStrayForm({ status: 'PROTECTING' });
    const b = stack.spring.state.addStrayForm({ status: 'PROTECTING' });
    const ann = login('USER');
    const ben = login('USER');
    expect((await ann.client.post(`/api/adopt/apply/${a.id}`)).status).toBe(200);
    expect((await ben.client.post(`/api/adopt/apply/${b.id}`)).status).toBe(200);
    const raw = (await fetch(`${stack.spring.url}/api/adopt/adoption/my-applications`).then((r) => r.json())) as unknown[];
    expect(raw.length).toBeGreaterThanOrEqual(2);
    const mine = AdoptionApplicationListSchema.parse((await ann.client.get('/api/adopt/adoption/my-applications')).body);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      userName: ann.userId,
      adoptPetId: a.id,
      adoptStatus: 'REQUESTED',
      petImageUrl: a.imageUrl,
      petName: `유기견 #${a.id}`,
    });
    expect(mine[0]?.appliedAt).toMatch(/Z$/);
  });

  it('text bodies labelled JSON are read as text; a legacy 302 to /login is a 401', async () => {
    const admin = login('ADMIN').client;
    const lost = stack.spring.state.addStrayForm({ status: 'LOST' });
    stack.spring.state.override(`POST /api/admin/reports/${lost.id}/register`, (req, reply) =>
      springText(req, reply, 200, '제보가 유기동물로 등록되었습니다.'),
    );
    const ok = await admin.post(`/api/admin/reports/${lost.id}/register`);
    expect(ok.body).toMatchObject({ ok: true, status: 'PROTECTING' });
    stack.spring.state.override('GET /api/admin/abandoned-pets', (req, reply) =>
      reply.code(302).header('location', `http://${req.host}/login`).send(),
    );
    expectEnvelope(await admin.get('/api/admin/abandoned-pets'), 401, 'UNAUTHENTICATED');
  });

  it('a legacy approval leaves other applications open: the BFF still refuses to approve twice', async () => {
    const form = stack.spring.state.addStrayForm({ status: 'PROTECTING' });
    const ann = login('USER');
    await ann.client.post(`/api/adopt/apply/${form.id}`);
    const admin = login('ADMIN').client;
    const apps = AdoptionApplicationListSchema.parse((await admin.get('/api/admin/adopt-applications')).body);
    const target = apps.find((x) => x.userName === ann.userId);
    expect(target?.adoptPetId).toBe(form.id);
    expect((await admin.post(`/api/admin/adopt/approve/${target?.id}`)).status).toBe(200);
    const before = writes('/api/admin/adopt/approve');
    expectEnvelope(
      await admin.post(`/api/admin/adopt/approve/${target?.id}`),
      409,
      'INVALID_STATE',
      '대기 중인 입양 신청만 승인할 수 있습니다.',
    );
    expect(writes('/api/admin/adopt/approve')).toBe(before);
    const approved = AdoptionApplicationListSchema.parse((await admin.get('/api/admin/adopt-applications')).body).find(
      (x) => x.id === target?.id,
    );
    // The legacy DTO has no approvedAt: the contract says null rather than inventing a time.
    expect(approved).toMatchObject({ adoptStatus: 'APPROVED', approvedAt: null });
    // Spring's public list drops ADOPT dogs: for the BFF the stray is gone, not applicable.
    expectEnvelope(await login('USER').client.post(`/api/adopt/apply/${form.id}`), 404, 'NOT_FOUND');
  });
});
