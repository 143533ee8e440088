import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/** `m:ss`, e.g. 120 → "2:00", 9 → "0:09". */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A seconds countdown measured against a deadline rather than by counting
 * ticks, so a throttled background tab still expires on time.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, []);

  const stop = useCallback(() => {
    setDeadline(null);
    setRemaining(0);
  }, []);

  useEffect(() => {
    if (deadline === null) return undefined;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    const id = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(id);
  }, [deadline]);

  return { remaining, running: deadline !== null, start, stop };
}
