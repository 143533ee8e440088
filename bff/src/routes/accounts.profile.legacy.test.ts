import { describe, expect, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { expectEnvelope } from '../testing/expect-envelope';

const profile = (overrides: Record<string, unknown> = {}) => ({
  email: 'keep@example.com',
  birth: '1992-04-05',
  phoneNm: '010-5555-6666',
  ...overrides,
});

describe('PUT /api/users/me through the BFF, upstream = legacy Spring', () => {
  const stack = useBffOnFakeSpring();

  it('answers 501 UPSTREAM_UNSUPPORTED with its reason and sends nothing upstream', async () => {
    const { client } = legacyMember(stack.spring, stack.bff.url);
    const res = await client.put('/api/users/me', profile());
    expectEnvelope(res, 501, 'UPSTREAM_UNSUPPORTED', '지금 연결된 서버에서는 회원 정보를 수정할 수 없습니다.');
    expect((res.body as { error: { reason?: string } }).error.reason).toBe('PROFILE_UPDATE_UNSUPPORTED');
    expect(stack.spring.state.requests.filter((r) => r.path.startsWith('/api/users/me'))).toEqual([]);
  });
});
