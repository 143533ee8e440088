import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { createAdmin, createMember, post, postReport, solidJpeg, validReport, type Member } from '../../testing/fixtures';
import type { DomainEvent } from '../../events';

// The strays module raises its domain events on ctx.events, after the change is stored, never for a refused one.
describe('stray events on the bus', () => {
  let api: TestApi;
  let reporter: Member;
  let admin: Member;
  const seen: DomainEvent[] = [];
  beforeAll(async () => {
    api = await startTestApi();
    reporter = await createMember(api, 'finder');
    admin = await createAdmin(api);
    api.ctx.events.subscribe('stray.reported', (e) => void seen.push(e));
    api.ctx.events.subscribe('report.registered', (e) => void seen.push(e));
  });
  afterAll(() => api.close());

  it('a stored report raises stray.reported with its id and reporter; a refused one raises nothing', async () => {
    seen.length = 0;
    expect((await postReport(api, reporter.cookie, validReport({ foundTime: '99:99' }), await solidJpeg(9, 9, 9))).status).toBe(400);
    const res = await postReport(api, reporter.cookie, validReport(), await solidJpeg(9, 9, 9));
    expect(res.status).toBe(200);
    expect(seen).toEqual([expect.objectContaining({ type: 'stray.reported', strayId: res.body?.id, reporterPk: reporter.pk })]);
  });

  it('registering raises report.registered once, even when two admins press at the same time', async () => {
    const res = await postReport(api, reporter.cookie, validReport({ description: '두 관리자가 동시에 등록' }), await solidJpeg(8, 8, 8));
    seen.length = 0;
    const both = await Promise.all([
      post(api, `/api/admin/reports/${res.body?.id}/register`, admin.cookie),
      post(api, `/api/admin/reports/${res.body?.id}/register`, admin.cookie),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(seen).toEqual([
      expect.objectContaining({ type: 'report.registered', strayId: res.body?.id, reporterPk: reporter.pk, adminPk: admin.pk }),
    ]);
  });
});
