import { describe, expect, it } from 'vitest';
import { AdoptionApplicationListSchema, LIMITS, StrayListSchema } from '@pawbridge/shared';
import { createClient } from '../testing/test-bff';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { expectEnvelope } from './strays.suite';
import { legacyMember, type Member, type Role } from '../testing/fixtures';

// Issue 8 item 13 and issue 9 items 15-16 through the BFF: our api has reject and
// withdraw; the legacy Spring service has neither and gets an honest 501.
describe('adoption lifecycle through the BFF, upstream = legacy Spring', () => {
  const stack = useBffOnFakeSpring();
  const login = (role: Role = 'USER'): Member => legacyMember(stack.spring, stack.bff.url, { role, phoneNm: '010-0000-0000' });
  const calls = (prefix: string) => stack.spring.state.requests.filter((r) => r.path.startsWith(prefix)).length;

  it('reject and withdraw answer 501 UPSTREAM_UNSUPPORTED and send nothing the legacy cannot serve', async () => {
    const form = stack.spring.state.addStrayForm({ status: 'PROTECTING' });
    const ann = login();
    expect((await ann.client.post(`/api/adopt/apply/${form.id}`)).status).toBe(200);
    const app = AdoptionApplicationListSchema.parse((await ann.client.get('/api/adopt/adoption/my-applications')).body).find(
      (a) => a.adoptPetId === form.id,
    );
    expect(app?.adoptStatus).toBe('REQUESTED');
    expectEnvelope(
      await ann.client.post(`/api/adopt/withdraw/${app?.id}`),
      501,
      'UPSTREAM_UNSUPPORTED',
      '지금 연결된 서버에서는 입양 신청을 취소할 수 없습니다. 관리자에게 문의해 주세요.',
    );
    const admin = login('ADMIN').client;
    expectEnvelope(
      await admin.post(`/api/admin/adopt/reject/${app?.id}`),
      501,
      'UPSTREAM_UNSUPPORTED',
      '지금 연결된 서버에서는 입양 신청을 거절할 수 없습니다.',
    );
    expectEnvelope(await ann.client.post(`/api/admin/adopt/reject/${app?.id}`), 403, 'FORBIDDEN');
    expect(calls('/api/adopt/withdraw')).toBe(0);
    expect(calls('/api/admin/adopt/reject')).toBe(0);
    // The admin list has no contact details in the legacy: null, never invented.
    const all = AdoptionApplicationListSchema.parse((await admin.get('/api/admin/adopt-applications')).body);
    expect(all.find((a) => a.id === app?.id)).toMatchObject({ applicantName: null, applicantEmail: null, applicantPhone: null });
  });

  it(`the BFF enforces the cap of ${LIMITS.openAdoptionApplicationsMax} open applications (the legacy has none)`, async () => {
    const ann = login();
    const forms = Array.from({ length: LIMITS.openAdoptionApplicationsMax + 1 }, () =>
      stack.spring.state.addStrayForm({ status: 'PROTECTING' }),
    );
    for (const f of forms.slice(0, -1)) expect((await ann.client.post(`/api/adopt/apply/${f.id}`)).status).toBe(200);
    const last = forms.at(-1)?.id ?? 0;
    const res = await ann.client.post(`/api/adopt/apply/${last}`);
    expectEnvelope(res, 409, 'APPLICATION_LIMIT_REACHED');
    expect(res.body.error.message).toContain(`최대 ${LIMITS.openAdoptionApplicationsMax}건`);
    expect(calls(`/api/adopt/apply/${last}`)).toBe(0);
  });

  // The legacy lists only PROTECTING and WAITING (legacy-contract §3.2).
  it('sorts the legacy’s database-order list and search: 보호 중, then 입양 대기, newest first within each', async () => {
    const description = '정렬 확인 레거시';
    const waiting = stack.spring.state.addStrayForm({ status: 'WAITING', foundDate: '2026-09-08', description });
    const oldProtecting = stack.spring.state.addStrayForm({ status: 'PROTECTING', foundDate: '2026-01-01', description });
    const newProtecting = stack.spring.state.addStrayForm({ status: 'PROTECTING', foundDate: '2026-05-01', description });
    const expected = [newProtecting.id, oldProtecting.id, waiting.id];
    const list = StrayListSchema.parse((await createClient(stack.bff.url).get('/api/abandoned/abandoned-pets')).body);
    expect(list.map((s) => s.id).filter((id) => expected.includes(id))).toEqual(expected);
    const found = StrayListSchema.parse(
      (await createClient(stack.bff.url).get('/api/abandoned/abandoned-pets/search', { query: { location: description } })).body,
    );
    expect(found.map((s) => s.id)).toEqual(expected);
  });
});
