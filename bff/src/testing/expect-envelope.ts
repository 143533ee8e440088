import { expect } from 'vitest';
import type { TestResponse } from './test-bff';

/** The BFF's one error shape: status, code, a Korean sentence, and the request id of the answer. */
export function expectEnvelope(res: TestResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.message).toMatch(/[가-힣]/);
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

/** The JSESSIONID Set-Cookie of an answer, if any. */
export const sessionCookie = (res: TestResponse): string | undefined => res.setCookies.find((c) => c.startsWith('JSESSIONID='));
