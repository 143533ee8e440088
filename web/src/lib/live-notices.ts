import { useEffect, useRef } from 'react';
import type { FeedNotification } from '@pawbridge/shared';

type Listener = (n: FeedNotification) => void;
const listeners = new Set<Listener>();

/**
 * Hands a live notification to the screens on show (the bell calls it for each
 * STOMP message), so a screen the message is about reads itself again: my
 * applications when one is decided, a post when it gets a like or a comment.
 */
export function publishLiveNotice(n: FeedNotification): void {
  for (const listener of [...listeners]) listener(n);
}

/** Runs `onNotice` for every live notification while the calling screen is mounted. */
export function useLiveNotice(onNotice: Listener): void {
  const latest = useRef(onNotice);
  latest.current = onNotice;
  useEffect(() => {
    const listener: Listener = (n) => latest.current(n);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
