import { io } from 'socket.io-client';
import {
  DASHBOARD_EVENTS,
  DASHBOARD_STATUS_EVENT,
  DashboardLiveEventSchema,
  DashboardStatusSchema,
  type DashboardLiveEvent,
} from '@pawbridge/shared';
import type { LiveStatus } from './stomp';

/** The BFF serves the admins' dashboard socket here (bff realtime/dashboard-bridge.ts). */
export const DASHBOARD_SOCKET_PATH = '/dashboard/socket.io/';

export interface DashboardSocketOptions {
  onEvent(event: DashboardLiveEvent): void;
  onStatus(status: LiveStatus): void;
}

/** The SPA's only socket.io client: admins only (the BFF refuses anyone else at the handshake). */
export function connectDashboard(opts: DashboardSocketOptions): { close(): void } {
  opts.onStatus('connecting');
  const socket = io({ path: DASHBOARD_SOCKET_PATH, transports: ['websocket'], reconnectionDelay: 5000, reconnectionDelayMax: 30_000 });
  // Online only when the BFF's own upstream connection is up too (it says so after the handshake).
  socket.on(DASHBOARD_STATUS_EVENT, (payload: unknown) => {
    const parsed = DashboardStatusSchema.safeParse(payload);
    if (parsed.success) opts.onStatus(parsed.data.online ? 'online' : 'connecting');
  });
  socket.on('disconnect', () => opts.onStatus('offline'));
  socket.on('connect_error', () => opts.onStatus('offline'));
  for (const name of DASHBOARD_EVENTS) {
    socket.on(name, (payload: unknown) => {
      const parsed = DashboardLiveEventSchema.safeParse(payload);
      if (parsed.success) opts.onEvent(parsed.data);
    });
  }
  return { close: () => void socket.close() };
}
