import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { createMember, solidJpeg, validReport, type Member } from '../../testing/fixtures';
import type { DomainEvent } from '../../events';

let api: TestApi;
let alice: Member;
const reported: DomainEvent[] = [];

beforeAll(async () => {
  api = await startTestApi();
  alice = await createMember(api, 'alice');
  api.ctx.events.subscribe('stray.reported', (e) => void reported.push(e));
});
afterAll(() => api.close());

async function report(key: string | undefined, description: string) {
  const form = new FormData();
  form.append('abandoned-pet', new Blob([JSON.stringify(validReport({ description }))], { type: 'application/json' }));
  form.append('imageurl', new Blob([new Uint8Array(await solidJpeg(90, 60, 30))], { type: 'image/jpeg' }), 'dog.jpg');
  const res = await fetch(`${api.url}/api/abandoned/register`, {
    method: 'POST',
    body: form,
    headers: { cookie: alice.cookie, ...(key ? { 'idempotency-key': key } : {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const count = async (description: string) =>
  (await api.ctx.db.selectFrom('strayReports').select('id').where('description', '=', description).execute()).length;

describe('POST /api/abandoned/register with an Idempotency-Key', () => {
  it('stores one report for the same key sent twice, and both calls get the same answer (same id)', async () => {
    const first = await report('report-retry-0001', '재시도한 제보 하나');
    const again = await report('report-retry-0001', '재시도한 제보 하나');
    expect(first.status).toBe(200);
    expect(first.body.id).toEqual(expect.any(Number));
    expect(again).toEqual(first);
    expect(await count('재시도한 제보 하나')).toBe(1);
  });

  it('keeps keys per member: another member with the same key files their own report', async () => {
    const bob = await createMember(api, 'bob');
    const form = new FormData();
    form.append(
      'abandoned-pet',
      new Blob([JSON.stringify(validReport({ description: '같은 키, 다른 회원' }))], { type: 'application/json' }),
    );
    form.append('imageurl', new Blob([new Uint8Array(await solidJpeg(10, 60, 30))], { type: 'image/jpeg' }), 'dog.jpg');
    await report('report-retry-0002', '같은 키, 다른 회원');
    const res = await fetch(`${api.url}/api/abandoned/register`, {
      method: 'POST',
      body: form,
      headers: { cookie: bob.cookie, 'idempotency-key': 'report-retry-0002' },
    });
    expect(res.status).toBe(200);
    expect(await count('같은 키, 다른 회원')).toBe(2);
  });

  it('without a key every call is a new report (the legacy client)', async () => {
    await report(undefined, '키 없는 제보');
    await report(undefined, '키 없는 제보');
    expect(await count('키 없는 제보')).toBe(2);
  });

  it('publishes stray.reported once, after the commit: a replayed answer raises no second event', async () => {
    reported.length = 0;
    const first = await report('report-retry-0003', '이벤트 한 번만');
    const again = await report('report-retry-0003', '이벤트 한 번만');
    expect(again).toEqual(first);
    expect(reported).toEqual([expect.objectContaining({ type: 'stray.reported', strayId: first.body.id, reporterPk: alice.pk })]);
  });
});
