import { useEffect, useRef, useState } from 'react';
import type { DashboardLiveEvent } from '@pawbridge/shared';
import type { LiveStatus } from '@/lib/stomp';

/** The admins' dashboard socket, opened after the first paint; `onOnline` runs each time it is (again) live end to end, so changes made meanwhile are fetched. */
export function useDashboardLive(onEvent: (e: DashboardLiveEvent) => void, onOnline: () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlers = useRef({ onEvent, onOnline });
  handlers.current = { onEvent, onOnline };

  useEffect(() => {
    let cancelled = false;
    let connection: { close(): void } | null = null;
    const timer = window.setTimeout(() => {
      void import('@/lib/dashboard-socket').then(({ connectDashboard }) => {
        if (cancelled) return;
        connection = connectDashboard({
          onEvent: (e) => handlers.current.onEvent(e),
          onStatus: (s) => {
            setStatus(s);
            if (s === 'online') handlers.current.onOnline();
          },
        });
      });
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      connection?.close();
    };
  }, []);

  return status;
}
