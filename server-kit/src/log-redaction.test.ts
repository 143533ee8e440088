import { describe, expect, it } from 'vitest';
import { maskDeep, maskEmails, maskUrl, REDACTED } from './log-redaction';

describe('log masking', () => {
  it('masks e-mail addresses anywhere in a string', () => {
    expect(maskEmails('sent to Kim.Pawfan+x@mail.example.co.kr and b@c.io')).toBe('sent to K***@m*** and b***@c***');
    expect(maskEmails('no address @ here')).toBe('no address @ here');
  });

  it('stays linear on long strings that are no address', () => {
    const started = performance.now();
    maskEmails(`${'a'.repeat(200_000)}@`);
    maskEmails(`x@${'b'.repeat(200_000)}`);
    expect(performance.now() - started).toBeLessThan(5000); // unbounded repeats would take minutes here
  });

  it('redacts secret keys at any depth and keeps the rest', () => {
    const input = {
      userId: 'pawfan',
      password: 'pw',
      body: { verificationCode: '123456', code: '654321', email: 'a@b.kr', list: [{ newPassword: 'x', token: 't' }] },
      headers: Object.assign(Object.create(null) as object, { cookie: 'JSESSIONID=1', authorization: 'Bearer z', accept: '*/*' }),
      impUid: 'imp_123',
      statusCode: 200,
    };
    expect(maskDeep(input)).toEqual({
      userId: 'pawfan',
      password: REDACTED,
      body: { verificationCode: REDACTED, code: REDACTED, email: 'a***@b***', list: [{ newPassword: REDACTED, token: REDACTED }] },
      headers: { cookie: REDACTED, authorization: REDACTED, accept: '*/*' },
      impUid: 'imp_123',
      statusCode: 200,
    });
  });

  it('logs request URLs with secret query values and addresses masked, percent-encoded ones too', () => {
    expect(maskUrl('/api/users/verify-email?code=123456&email=kim%40example.com')).toBe(
      '/api/users/verify-email?code=[REDACTED]&email=k***@e***',
    );
    expect(maskUrl('/api/users/find/kim@example.com?page=2&token=abc')).toBe('/api/users/find/k***@e***?page=2&token=[REDACTED]');
    expect(maskUrl('/api/pet/410-0000-12345')).toBe('/api/pet/410-0000-12345');
  });
});

describe('error codes stay readable (issue 24 item 9)', () => {
  it('keeps an error code under the key `code`, at any depth', () => {
    expect(maskDeep({ code: 'UPSTREAM_TIMEOUT', err: { code: 'ECONNREFUSED' }, error: { code: 'SERVICE_OVERLOADED' } })).toEqual({
      code: 'UPSTREAM_TIMEOUT',
      err: { code: 'ECONNREFUSED' },
      error: { code: 'SERVICE_OVERLOADED' },
    });
  });

  it('masks e-mail codes where they occur: beside an e-mail, as digits, in a query string', () => {
    expect(maskDeep({ body: { email: 'kim@example.com', code: 'ab12cd' } })).toEqual({ body: { email: 'k***@e***', code: REDACTED } });
    expect(maskDeep({ code: '004211' })).toEqual({ code: REDACTED });
    expect(maskDeep({ code: 4211 })).toEqual({ code: REDACTED });
    expect(maskUrl('/login/oauth2/code/kakao?code=xYz-abc&state=s1')).toBe('/login/oauth2/code/kakao?code=[REDACTED]&state=s1');
  });
});
