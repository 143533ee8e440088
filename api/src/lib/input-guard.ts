import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiHttpError, bootError } from './errors';

const NUL = '\u0000';

/** True when any string in the value (nested objects and arrays too) holds a NUL byte. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(([k, v]) => k.includes(NUL) || containsNul(v, depth + 1));
}

/**
 * A session id as Tomcat and our store issue them (cookie-octets only). Anything
 * else — `JSESSIONID=%00` decodes to a NUL byte — is no session at all, and is
 * never handed to a database query.
 */
export const isPlausibleSessionId = (sid: string): boolean => /^[\x21-\x7E]{1,256}$/.test(sid) && !/[",;\\]/.test(sid);

/**
 * Postgres refuses NUL in text and the driver's error would surface as a 500:
 * a NUL anywhere in the path, query or JSON body is the client's mistake, 400.
 * (Multipart fields are checked by the shared schemas, which refuse every control character.)
 */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.url.includes('%00') || containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new ApiHttpError(
        400,
        bootError(400, 'Bad Request', request.url.split('?')[0] ?? '', '요청에 허용되지 않는 문자(NUL)가 들어 있습니다.'),
      );
    }
  });
}
