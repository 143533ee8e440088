import { expect } from 'vitest';
import type { TestResponse } from './test-bff';

/**
 * The BFF's one error shape: status, JSON, code, a readable Korean sentence
 * (exactly `message` when given), and the request id of the answer.
 */
export function expectEnvelope(res: TestResponse, status: number, code: string, message?: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(res.body.error.code).toBe(code);
  if (message) expect(res.body.error.message).toBe(message);
  else expect(res.body.error.message).toMatch(/[가-힣]/);
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

/** The JSESSIONID Set-Cookie of an answer, if any. */
export const sessionCookie = (res: TestResponse): string | undefined => res.setCookies.find((c) => c.startsWith('JSESSIONID='));
