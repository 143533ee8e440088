import { useEffect, useRef, useState } from 'react';
import type { DashboardLiveEvent } from '@pawbridge/shared';
import { openLive } from '@/lib/live-connections';
import type { LiveStatus } from '@/lib/stomp';

/** The admins' dashboard socket, opened after the first paint; `onOnline` runs each time it is (again) live end to end, so changes made meanwhile are fetched. */
export function useDashboardLive(onEvent: (e: DashboardLiveEvent) => void, onOnline: () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlers = useRef({ onEvent, onOnline });
  handlers.current = { onEvent, onOnline };

  useEffect(
    () =>
      openLive(async () => {
        const { connectDashboard } = await import('@/lib/dashboard-socket');
        return () =>
          connectDashboard({
            onEvent: (e) => handlers.current.onEvent(e),
            onStatus: (s) => {
              setStatus(s);
              if (s === 'online') handlers.current.onOnline();
            },
          });
      }),
    [],
  );

  return status;
}
