import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockApi, resetTestApp } from '@/testing/render-app';
import { api, ApiError } from './api-client';

afterEach(resetTestApp);

describe('api', () => {
  it('carries the envelope reason and field-error codes on ApiError', async () => {
    mockApi({
      'POST /api/x': {
        status: 400,
        body: envelope(
          'VALIDATION_FAILED',
          'server words',
          { email: '이메일 형식' },
          { reason: 'SIGNUP_FAILED', fieldErrorCodes: { email: 'emailInvalid' } },
        ),
      },
    });
    const err = await api('/api/x', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect([e.status, e.code, e.reason, e.requestId]).toEqual([400, 'VALIDATION_FAILED', 'SIGNUP_FAILED', 'test-request']);
    expect(e.fieldErrors).toEqual({ email: '이메일 형식' });
    expect(e.fieldErrorCodes).toEqual({ email: 'emailInvalid' });
  });

  it('turns an answer that is not the envelope into INTERNAL without codes', async () => {
    mockApi({ 'GET /api/y': { status: 502, body: { oops: true } } });
    const e = (await api('/api/y').catch((x: unknown) => x)) as ApiError;
    expect([e.status, e.code, e.reason]).toEqual([502, 'INTERNAL', undefined]);
    expect(e.fieldErrorCodes).toEqual({});
  });
});
