import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { takeUnmockedCalls } from '@/testing/unmocked-calls';

afterEach(() => {
  cleanup();
  // Loud, not a quiet 404: docs/decisions/0017-layering.md (tests).
  const calls = takeUnmockedCalls();
  if (calls.length > 0) throw new Error(`Requests without a mocked answer (add them to mockApi): ${calls.join(', ')}`);
});

// Files share one jsdom per worker (isolate: false, docs/decisions/0030): what a file stored stays with it.
afterAll(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// jsdom lacks these; Mantine needs them.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
