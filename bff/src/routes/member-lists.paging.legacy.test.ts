import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { expectEnvelope } from './strays.suite';

// Issue 17 against the legacy wire, which answers every item: the BFF cuts the page itself and says the total.
const stack = useBffOnFakeSpring();

describe('paged member lists through the BFF (legacy upstream)', () => {
  it('my dogs: pages cut from the whole list, in its order, with the total', async () => {
    const ann = legacyMember(stack.spring, stack.bff.url);
    for (let i = 0; i < 7; i++) stack.spring.state.addPet({ owner: ann.userId, petId: `lp-${i}` });
    const first = await ann.client.get('/api/pet/profile/pets', { query: { page: '1', size: '3' } });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBe('7');
    const ids: unknown[] = [];
    for (const page of ['1', '2', '3']) {
      const res = await ann.client.get('/api/pet/profile/pets', { query: { page, size: '3' } });
      expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('7');
      ids.push(...(res.body as { petId: string }[]).map((p) => p.petId));
    }
    expect(ids).toEqual(['lp-0', 'lp-1', 'lp-2', 'lp-3', 'lp-4', 'lp-5', 'lp-6']);
    expectEnvelope(await ann.client.get('/api/pet/profile/pets', { query: { size: '101' } }), 400, 'VALIDATION_FAILED');
  });

  it('unread notifications: the default page is the newest 20 of all, the total says how many', async () => {
    const ben = legacyMember(stack.spring, stack.bff.url);
    for (let i = 0; i < 23; i++) stack.spring.state.notify(ben.userId, 'COMMENT', `댓글 ${i}`);
    const res = await ben.client.get(`/api/notifications/user/${ben.userId}/unread`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe('23');
    expect(res.body as unknown[]).toHaveLength(20);
    const rest = await ben.client.get(`/api/notifications/user/${ben.userId}/unread`, { query: { page: '2' } });
    expect(rest.body as unknown[]).toHaveLength(3);
  });
});
