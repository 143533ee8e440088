import { useEffect, useRef, useState } from 'react';
import type { FeedNotification } from '@pawbridge/shared';
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

  useEffect(() => {
    let cancelled = false;
    let connection: { close(): void } | null = null;
    const timer = window.setTimeout(() => {
      void import('@/lib/stomp').then(({ connectLive }) => {
        if (cancelled) return;
        connection = connectLive({
          topics: topicsKey.split('\n'),
          onNotification: (n) => handlers.current.onNotification(n),
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
  }, [topicsKey]);

  return status;
}
