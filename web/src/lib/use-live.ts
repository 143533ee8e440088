import { useEffect, useRef, useState } from 'react';
import { openLive, type LiveConnection } from './live-connections';
import type { LiveStatus } from './stomp';

/** Imports a client and returns how to connect it, reporting its status. */
export type LiveLoader = () => Promise<(onStatus: (status: LiveStatus) => void) => LiveConnection>;

/**
 * A component's live connection: opened after the first paint (`load` imports its client, not needed to
 * show the page), again when `key` changes, ended on unmount and before a logout (live-connections.ts).
 * `onOnline` runs each time it is (again) up, so whatever happened meanwhile is fetched.
 */
export function useLive(key: string, load: LiveLoader, onOnline: () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef({ load, onOnline });
  latest.current = { load, onOnline };

  useEffect(
    () =>
      openLive(async () => {
        const connect = await latest.current.load();
        return () =>
          connect((s) => {
            setStatus(s);
            if (s === 'online') latest.current.onOnline();
          });
      }),
    [key],
  );

  return status;
}
