import { describe, expect, it } from 'vitest';
import { createClient } from '../testing/test-bff';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { expectEnvelope } from '../testing/expect-envelope';

// The legacy copies a report into its AbandonedPet without a name and has no rename (legacy-contract §3.3).
describe('naming a stray through the BFF, upstream = legacy Spring', () => {
  const stack = useBffOnFakeSpring();

  it('config says strays cannot be named here (the register dialog has no name field)', async () => {
    expect((await createClient(stack.bff.url).get('/api/config')).body).toMatchObject({ strayNames: false });
  });

  it('a name is refused with 501 before anything is registered; without one the register works as before', async () => {
    const { client } = legacyMember(stack.spring, stack.bff.url, { role: 'ADMIN' });
    const form = stack.spring.state.addStrayForm({ status: 'LOST' });
    const named = await client.post(`/api/admin/reports/${form.id}/register`, { name: '보리' });
    expectEnvelope(named, 501, 'UPSTREAM_UNSUPPORTED');
    expect((named.body as { error: { reason?: string } }).error.reason).toBe('STRAY_NAME_UNSUPPORTED');
    expect(stack.spring.state.calls(`/api/admin/reports/${form.id}/register`)).toHaveLength(0);
    const rename = await client.put(`/api/admin/abandoned-pets/${form.id}/name`, { name: '보리' });
    expectEnvelope(rename, 501, 'UPSTREAM_UNSUPPORTED');
    expect((await client.post(`/api/admin/reports/${form.id}/register`)).status).toBe(200);
  });
});
