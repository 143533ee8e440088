import { describe, expect, it } from 'vitest';
import { SignupRequestSchema, VerifyEmailQuerySchema } from './accounts.schema';
import { toFieldErrors, toFieldErrorKeys } from './validation';

const valid = {
  name: '김포브',
  userId: 'pawfan',
  email: 'paw@example.com',
  password: 'secret1',
  birth: '1990-05-01',
  phoneNm: '010-1234-5678',
};

describe('SignupRequestSchema', () => {
  it('accepts a valid signup', () => {
    expect(SignupRequestSchema.parse(valid)).toEqual(valid);
  });
  it('reports every §5 rule per field', () => {
    const r = SignupRequestSchema.safeParse({
      name: ' ',
      userId: 'abc',
      email: 'nope',
      password: '12345',
      birth: '1990-02-30',
      phoneNm: '',
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(toFieldErrorKeys(r.error)).toEqual({
      name: 'nameRequired',
      userId: 'userIdTooShort',
      email: 'emailInvalid',
      password: 'passwordTooShort',
      birth: 'birthInvalid',
      phoneNm: 'phoneRequired',
    });
    expect(toFieldErrors(r.error).password).toBe('비밀번호는 6자 이상이어야 합니다.');
  });
  it('rejects a birth date in the future and missing fields', () => {
    const r = SignupRequestSchema.safeParse({ ...valid, birth: '2999-01-01', email: undefined });
    expect(r.success).toBe(false);
    if (r.success) return;
    const keys = toFieldErrorKeys(r.error);
    expect(keys.birth).toBe('birthInvalid');
    expect(keys.email).toBe('emailRequired');
  });
});

describe('VerifyEmailQuerySchema', () => {
  it('needs six digits and the address the code was sent to', () => {
    expect(VerifyEmailQuerySchema.safeParse({ code: '12345', email: 'mina@example.com' }).success).toBe(false);
    expect(VerifyEmailQuerySchema.safeParse({ code: '012345', email: 'mina@example.com' }).success).toBe(true);
    expect(VerifyEmailQuerySchema.safeParse({ code: '012345' }).success).toBe(false);
  });
});
