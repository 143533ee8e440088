import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { serverFieldMessage } from './server-errors';

const err = (fieldErrors: Record<string, string>, fieldErrorCodes: Record<string, string>) =>
  new ApiError(400, 'VALIDATION_FAILED', 'x', fieldErrors, 'r', undefined, fieldErrorCodes);

describe('serverFieldMessage', () => {
  it("says a field's code with the form's own words", () => {
    const e = err({ email: 'server text' }, { email: 'emailInvalid' });
    expect(serverFieldMessage(e, 'email', (key) => (key === 'emailInvalid' ? 'form words' : undefined))).toBe('form words');
  });

  it('says a server-only code (a taken user id) from the errors catalogue', () => {
    const e = err({ userId: 'server text' }, { userId: 'userIdTaken' });
    expect(serverFieldMessage(e, 'userId', () => undefined)).toBe(t('errors.field.userIdTaken'));
  });

  it("falls back to the server's text when the code is unknown here, or absent", () => {
    expect(serverFieldMessage(err({ a: 'server text' }, { a: 'somethingNew' }), 'a', () => undefined)).toBe('server text');
    expect(serverFieldMessage(err({ a: 'server text' }, {}), 'a', () => 'form words')).toBe('server text');
  });
});
