import { useRef } from 'react';
import type { FeedNotification } from '@pawbridge/shared';
import type { LiveStatus } from '@/lib/stomp';
import { useLive } from '@/lib/use-live';

/**
 * The tab's live notifications over STOMP, on `topics`; every time the connection comes (back) up
 * `onOnline` runs, so whatever arrived while offline is fetched.
 */
export function useLiveNotifications(topics: string[], onNotification: (n: FeedNotification) => void, onOnline: () => void): LiveStatus {
  const handler = useRef(onNotification);
  handler.current = onNotification;
  const topicsKey = topics.join('\n');
  return useLive(
    topicsKey,
    async () => {
      const { connectLive } = await import('@/lib/stomp');
      return (onStatus) => connectLive({ topics: topicsKey.split('\n'), onNotification: (n) => handler.current(n), onStatus });
    },
    onOnline,
  );
}
