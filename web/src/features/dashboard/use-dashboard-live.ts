import { useEffect, useRef, useState } from 'react';
import type { DashboardLiveEvent } from '@pawbridge/shared';
import type { LiveStatus } from '@/lib/stomp';

/** The admins' dashboard socket, opened after the first paint; `onOnline` runs on every (re)connect so missed changes are fetched. */
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
        let wasOnline = false;
        connection = connectDashboard({
          onEvent: (e) => handlers.current.onEvent(e),
          onStatus: (s) => {
            setStatus(s);
            // The first connect follows the first fetch; only a reconnect may have missed something.
            if (s === 'online' && wasOnline) handlers.current.onOnline();
            if (s === 'online') wasOnline = true;
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
