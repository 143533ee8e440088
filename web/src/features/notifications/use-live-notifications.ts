import { useEffect, useRef, useState } from 'react';
import type { FeedNotification } from '@pawbridge/shared';
import { openLive } from '@/lib/live-connections';
import type { LiveStatus } from '@/lib/stomp';

/**
 * The tab's live notifications. The STOMP client is imported after the first
 * paint (it is not needed to show the page); every time the connection comes
 * (back) up `onOnline` runs, so whatever arrived while offline is fetched.
 */
export function useLiveNotifications(topics: string[], onNotification: (n: FeedNotification) => void, onOnline: () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlers = useRef({ onNotification, onOnline });
  handlers.current = { onNotification, onOnline };
  const topicsKey = topics.join('\n');

  useEffect(
    () =>
      openLive(async () => {
        const { connectLive } = await import('@/lib/stomp');
        return () =>
          connectLive({
            topics: topicsKey.split('\n'),
            onNotification: (n) => handlers.current.onNotification(n),
            onStatus: (s) => {
              setStatus(s);
              if (s === 'online') handlers.current.onOnline();
            },
          });
      }),
    [topicsKey],
  );

  return status;
}
