import type { FastifyRequest } from 'fastify';
import type { PageQuery } from '@pawbridge/shared';
import type { UpstreamClient } from './client';
import { withPage } from './paging';

const seg = encodeURIComponent;

/** Notification calls on the legacy paths (legacy-contract §3.6). The legacy checks no ownership: callers must. */
export const notificationsUpstream = (client: UpstreamClient) => ({
  unread: (from: FastifyRequest, userId: string, page?: PageQuery) =>
    client.request('GET', `/api/notifications/user/${seg(userId)}/unread`, { from, ...withPage(page) }),
  readAll: (from: FastifyRequest, userId: string) => client.request('PUT', `/api/notifications/user/${seg(userId)}/read-all`, { from }),
  read: (from: FastifyRequest, id: number) => client.request('PUT', `/api/notifications/${id}/read`, { from }),
  /** Every notification of the user, newest first (the legacy's `/user/{userId}`), to check who owns an id. */
  all: (from: FastifyRequest, userId: string) => client.request('GET', `/api/notifications/user/${seg(userId)}`, { from }),
});
