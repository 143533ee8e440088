import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES, isScreenRoute } from '@pawbridge/shared';
import type { RouteObject } from 'react-router';
import { routeObjects } from './router';

function paths(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);
}

// The BFF answers only the shared screen routes with the SPA (and 200); a route
// added here but not there would still render, but with a 404 status.
describe('screen routes', () => {
  it('lists every route the router declares in the shared SCREEN_ROUTES', () => {
    const declared = paths(routeObjects).filter((p) => p !== '*');
    expect(declared.length).toBeGreaterThan(10);
    for (const p of declared) expect(SCREEN_ROUTES as readonly string[], p).toContain(p);
  });

  it('matches concrete paths of parameterised routes', () => {
    expect(isScreenRoute('/pet/edit/123456-2024-00001')).toBe(true);
    expect(isScreenRoute('/community/17')).toBe(true);
    expect(isScreenRoute('/pet/edit')).toBe(false);
    expect(isScreenRoute('/api/pet/1')).toBe(false);
  });
});
