import { describe, expect, it } from 'vitest';
import { createMap } from './leaflet-engine';
import type { MapViewport } from './types';

describe('the Leaflet engine once removed', () => {
  it('never reads a removed map: no late viewport, a re-measure does nothing, the last viewport stands in', () => {
    const el = document.createElement('div');
    document.body.append(el);
    const seen: MapViewport[] = [];
    const engine = createMap(
      el,
      { center: { lat: 37.5665, lng: 126.978 }, marker: null, markerTitle: '위치', onViewport: (v) => seen.push(v) },
      { tileUrl: '/tiles/{z}/{x}/{y}.png', attribution: '' },
    );
    const before = engine.getViewport?.();
    expect(before?.zoom).toBeGreaterThan(0);
    const reported = seen.length;
    engine.destroy();
    // What used to throw "Cannot read properties of undefined (reading '_leaflet_pos')" after map.remove().
    expect(() => engine.resize()).not.toThrow();
    expect(engine.getViewport?.()).toEqual(before);
    expect(() => engine.destroy()).not.toThrow();
    expect(seen).toHaveLength(reported);
    el.remove();
  });
});
