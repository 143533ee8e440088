import type { FastifyRequest } from 'fastify';
import type { SessionUserRow } from '../context';
import { ApiHttpError, bootError } from './errors';
import { DEFAULT_ERROR_MESSAGES } from '@pawbridge/shared';

/**
 * The caller must be logged in. The legacy redirects to /login (302) here; this
 * api answers an honest 401 with the legacy's body for the route (`body`).
 */
export function requireUser(request: FastifyRequest, body?: string | Record<string, unknown>): SessionUserRow {
  if (!request.user)
    throw new ApiHttpError(
      401,
      body ?? bootError(401, 'Unauthorized', request.url.split('?')[0] ?? '', DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED),
    );
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUserRow {
  const user = requireUser(request);
  if (user.role !== 'ADMIN')
    throw new ApiHttpError(403, bootError(403, 'Forbidden', request.url.split('?')[0] ?? '', '관리자만 접근 가능합니다.'));
  return user;
}
