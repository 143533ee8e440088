import { describe, expect, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// In front of the legacy Spring service the feature is off: empty, said so, and nothing asked upstream.
const stack = useBffOnFakeSpring();
const shelterCalls = () => stack.spring.state.requests.filter((r) => r.path.includes('shelter')).length;

describe('shelter animals through the BFF, upstream = legacy Spring', () => {
  it('lists nothing, with total 0 and X-Shelter-Available: false', async () => {
    const res = await createClient(stack.bff.url).get('/api/shelter-animals', { query: { place: '마포' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('0');
    expect(res.headers.get('x-shelter-available')).toBe('false');
  });

  it('knows no animal and no photo', async () => {
    const one = await createClient(stack.bff.url).get('/api/shelter-animals/448000202600001');
    expect([one.status, one.body.error.reason]).toEqual([404, 'SHELTER_ANIMAL_NOT_FOUND']);
    expect((await fetch(`${stack.bff.url}/shelter-images/448000202600001/1`)).status).toBe(404);
  });

  it('tells an admin the sync is unsupported (501) and shows an empty history', async () => {
    const admin = legacyMember(stack.spring, stack.bff.url, { role: 'ADMIN' });
    const start = await admin.client.post('/api/admin/shelter-sync');
    expect([start.status, start.body.error.code, start.body.error.reason]).toEqual([501, 'UPSTREAM_UNSUPPORTED', 'SHELTER_UNSUPPORTED']);
    const runs = await admin.client.get('/api/admin/shelter-sync/runs');
    expect([runs.status, runs.body, runs.headers.get('x-total-count')]).toEqual([200, [], '0']);
    expect(shelterCalls()).toBe(0);
  });
});
