import { describe, expect, it } from 'vitest';
import { createClient } from '../testing/test-bff';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { expectEnvelope } from '../testing/expect-envelope';

// The legacy has no nicknames and no id lookup (legacy-contract §3.1): 501 and the config flag off (decision 0035).
describe('names through the BFF, upstream = legacy Spring', () => {
  const stack = useBffOnFakeSpring();

  it('config says nicknames are off, so the web hides the nickname and the 중복 확인 buttons', async () => {
    expect((await createClient(stack.bff.url).get('/api/config')).body).toMatchObject({ nicknames: false });
  });

  it('nickname editing and both checks answer 501 with a reason, and nothing reaches the legacy', async () => {
    const { client } = legacyMember(stack.spring, stack.bff.url);
    const before = stack.spring.state.requests.length;
    const edit = await client.put('/api/users/me/nickname', { nickname: '콩이엄마' });
    expectEnvelope(edit, 501, 'UPSTREAM_UNSUPPORTED');
    expect((edit.body as { error: { reason?: string } }).error.reason).toBe('NICKNAME_UNSUPPORTED');
    const id = await client.get('/api/users/check-user-id', { query: { userId: 'someone' } });
    expectEnvelope(id, 501, 'UPSTREAM_UNSUPPORTED');
    expect((id.body as { error: { reason?: string } }).error.reason).toBe('NAME_CHECK_UNSUPPORTED');
    expectEnvelope(await client.get('/api/users/check-nickname', { query: { nickname: '콩이엄마' } }), 501, 'UPSTREAM_UNSUPPORTED');
    expect(
      stack.spring.state.requests.slice(before).filter((r) => r.path.includes('nickname') || r.path.includes('check-user-id')),
    ).toEqual([]);
  });

  it('the session has no nickname there', async () => {
    const { client } = legacyMember(stack.spring, stack.bff.url);
    expect((await client.get('/api/users/check-session')).body).toMatchObject({ loggedIn: true, nickname: null });
  });
});
