import { useRef } from 'react';
import type { DashboardLiveEvent } from '@pawbridge/shared';
import type { LiveStatus } from '@/lib/stomp';
import { useLive } from '@/lib/use-live';

/** The admins' dashboard socket; `onOnline` runs each time it is (again) live end to end, so changes made meanwhile are fetched. */
export function useDashboardLive(onEvent: (e: DashboardLiveEvent) => void, onOnline: () => void): LiveStatus {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  return useLive(
    'dashboard',
    async () => {
      const { connectDashboard } = await import('@/lib/dashboard-socket');
      return (onStatus) => connectDashboard({ onEvent: (e) => handler.current(e), onStatus });
    },
    onOnline,
  );
}
