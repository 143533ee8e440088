import { lazy, Suspense, useEffect, useState } from 'react';

// Mantine's modals provider listens for window events while it is mounted; it (and
// the Modal, its transitions and scroll lock) is loaded only when a dialog is first asked for.
const ModalsProviderHost = lazy(() => import('./ModalsProviderHost'));

let hostMounted = false;
let wanted = false;
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
const wakers = new Set<() => void>();

/**
 * Resolves once a modals provider is listening. Without the app's host (unit tests
 * render their own ModalsProvider) it resolves at once.
 */
export function ensureModals(): Promise<void> {
  if (!hostMounted) return Promise.resolve();
  if (!wanted) {
    wanted = true;
    for (const wake of wakers) wake();
  }
  return ready;
}

/** Mounted once by the app, beside the router: renders the provider from the first dialog on. */
export function ModalsHost() {
  const [on, setOn] = useState(wanted);
  useEffect(() => {
    hostMounted = true;
    const wake = () => setOn(true);
    wakers.add(wake);
    return () => {
      wakers.delete(wake);
      hostMounted = false;
    };
  }, []);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProviderHost onReady={markReady} />
    </Suspense>
  );
}
