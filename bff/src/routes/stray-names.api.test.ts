import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { insertStray } from '@pawbridge/api/testing/fixtures';
import { createClient, type TestBff } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { apiMember } from '../testing/fixtures';
import { expectEnvelope } from '../testing/expect-envelope';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

// Issue 25 item 8: a member-reported stray is named by the admin, not "유기견 #6" forever.
describe('naming a stray through the BFF, upstream = our api', () => {
  let api: TestApi;
  let proxy: RecordingProxy;
  let bff: TestBff;
  beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
  afterAll(() => closeBffOnApi({ api, proxy, bff }));

  const nameOf = async (id: number) =>
    (await api.ctx.db.selectFrom('strayReports').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

  it('config says strays can be named here', async () => {
    expect((await createClient(bff.url).get('/api/config')).body).toMatchObject({ strayNames: true });
  });

  it('the admin names the dog while registering it, and renames it later; the public list shows the name', async () => {
    const { client } = await apiMember(api, bff.url, { role: 'ADMIN' });
    const id = await insertStray(api, { status: 'LOST' });
    const res = await client.post(`/api/admin/reports/${id}/register`, { name: ' 보리 ' });
    expect(res.status, res.text).toBe(200);
    expect(await nameOf(id)).toBe('보리');
    const listed = (await createClient(bff.url).get('/api/abandoned/abandoned-pets', { query: { size: '50' } })).body as {
      id: number;
      name: string;
    }[];
    expect(listed.find((s) => s.id === id)?.name).toBe('보리');
    expect((await client.put(`/api/admin/abandoned-pets/${id}/name`, { name: '보리차' })).status).toBe(204);
    expect(await nameOf(id)).toBe('보리차');
  });

  it('registering without a name still works (the web always sends one, curl may not)', async () => {
    const { client } = await apiMember(api, bff.url, { role: 'ADMIN' });
    const id = await insertStray(api, { status: 'LOST' });
    expect((await client.post(`/api/admin/reports/${id}/register`)).status).toBe(200);
    expect(await nameOf(id)).toBeNull();
  });

  it('checks the name and the role; an unknown dog is 404', async () => {
    const admin = await apiMember(api, bff.url, { role: 'ADMIN' });
    const member = await apiMember(api, bff.url);
    const id = await insertStray(api, { status: 'PROTECTING' });
    expectEnvelope(await admin.client.put(`/api/admin/abandoned-pets/${id}/name`, { name: '  ' }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await admin.client.put(`/api/admin/abandoned-pets/${id}/name`, { name: '가'.repeat(21) }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await member.client.put(`/api/admin/abandoned-pets/${id}/name`, { name: '보리' }), 403, 'FORBIDDEN');
    expectEnvelope(await admin.client.put('/api/admin/abandoned-pets/999999/name', { name: '보리' }), 404, 'NOT_FOUND');
  });
});
