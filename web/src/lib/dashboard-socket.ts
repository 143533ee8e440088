import { io } from 'socket.io-client';
import {
  DASHBOARD_EVENTS,
  DASHBOARD_STATUS_EVENT,
  DashboardLiveEventSchema,
  DashboardStatusSchema,
  type DashboardLiveEvent,
} from '@pawbridge/shared';
import type { LiveConnection } from './live-connections';
import type { LiveStatus } from './stomp';

/** The BFF serves the admins' dashboard socket here (bff realtime/dashboard-bridge.ts). */
export const DASHBOARD_SOCKET_PATH = '/dashboard/socket.io/';

export interface DashboardSocketOptions {
  onEvent(event: DashboardLiveEvent): void;
  onStatus(status: LiveStatus): void;
}

/** The SPA's only socket.io client: admins only (the BFF refuses anyone else at the handshake). */
export function connectDashboard(opts: DashboardSocketOptions): LiveConnection {
  opts.onStatus('connecting');
  const socket = io({ path: DASHBOARD_SOCKET_PATH, transports: ['websocket'], reconnectionDelay: 5000, reconnectionDelayMax: 30_000 });
  // Online only when the BFF's own upstream connection is up too (it says so after the handshake).
  socket.on(DASHBOARD_STATUS_EVENT, (payload: unknown) => {
    const parsed = DashboardStatusSchema.safeParse(payload);
    if (parsed.success) opts.onStatus(parsed.data.online ? 'online' : 'connecting');
  });
  // Ended on purpose (logout, unmount): the close that follows is not "offline".
  let ending = false;
  socket.on('disconnect', () => !ending && opts.onStatus('offline'));
  socket.on('connect_error', () => !ending && opts.onStatus('offline'));
  for (const name of DASHBOARD_EVENTS) {
    socket.on(name, (payload: unknown) => {
      const parsed = DashboardLiveEventSchema.safeParse(payload);
      if (parsed.success) opts.onEvent(parsed.data);
    });
  }
  const end = async () => {
    ending = true;
    // A socket still opening is let open (or fail) first: closing it then is a console warning.
    // A reconnection only waiting for its delay is closed at once.
    const engine = socket.io.engine as { readyState?: string } | undefined;
    if (engine?.readyState === 'opening')
      await new Promise<void>((resolve) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', () => resolve());
      });
    socket.close();
  };
  return {
    end,
    resume: () => {
      ending = false;
      opts.onStatus('connecting');
      socket.connect();
    },
  };
}
