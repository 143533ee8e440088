import { describe, expect, it } from 'vitest';
import { ERROR_REASON_MESSAGES } from '@pawbridge/shared';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { expectEnvelope } from '../testing/expect-envelope';
import { legacyMember } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// Stable codes for the web's catalogue, readable sentences for curl users (docs/decisions/0015).
const stack = useBffOnFakeSpring();

describe('the envelope carries codes the web can render', () => {
  it('schema failures: a field-error code beside each readable sentence', async () => {
    const res = await createClient(stack.bff.url).post('/api/users/send-email', undefined, { query: { email: 'nope' } });
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.fieldErrorCodes).toEqual({ email: 'emailInvalid' });
    expect(res.body.error.fieldErrors).toEqual({ email: '이메일 형식이 올바르지 않습니다.' });
  });

  it("server-decided field errors: the code and the shared table's sentence", async () => {
    const res = await createClient(stack.bff.url).post('/api/users/verify-email', undefined, {
      query: { code: '000000', email: 'a@example.com' },
    });
    expectEnvelope(res, 400, 'INVALID_CODE');
    expect(res.body.error.fieldErrorCodes).toEqual({ code: 'codeWrong' });
  });

  it('a reason finer than the code, its message from ERROR_REASON_MESSAGES', async () => {
    const member = legacyMember(stack.spring, stack.bff.url);
    const res = await member.client.get('/api/pet/410-0000-99999');
    expectEnvelope(res, 404, 'NOT_FOUND', ERROR_REASON_MESSAGES.PET_NOT_FOUND);
    expect(res.body.error.reason).toBe('PET_NOT_FOUND');
    const forbidden = await member.client.get('/api/admin/abandoned-pets');
    expectEnvelope(forbidden, 403, 'FORBIDDEN', ERROR_REASON_MESSAGES.ADMIN_ONLY);
    expect(forbidden.body.error.reason).toBe('ADMIN_ONLY');
  });

  it("an upstream 409 on apply is decided from the state, never from the upstream's wording", async () => {
    const form = stack.spring.state.addStrayForm({ status: 'PROTECTING' });
    const member = legacyMember(stack.spring, stack.bff.url);
    // The words of a limit refusal, but nothing in the state says the member is at the limit.
    stack.spring.state.override(`POST /api/adopt/apply/${form.id}`, (_req, reply) =>
      reply.code(409).type('text/plain; charset=utf-8').send('진행 중인 입양 신청은 최대 3건까지 할 수 있습니다.'),
    );
    const res = await member.client.post(`/api/adopt/apply/${form.id}`);
    expectEnvelope(res, 409, 'INVALID_STATE', ERROR_REASON_MESSAGES.STRAY_NOT_AVAILABLE);
    expect(res.body.error.reason).toBe('STRAY_NOT_AVAILABLE');
    stack.spring.state.overrides.clear();
  });
});
