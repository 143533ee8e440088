import { describe, expect, it } from 'vitest';
import { snapToGrid } from './lost.grid';

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));

describe('the public grid of a post', () => {
  it('gives the same point every time, within the ~300 m cell of the exact one', () => {
    const seed = { lat: 0.37, lng: 0.81 };
    const exact = { lat: 37.556123, lng: 126.901987 };
    const a = snapToGrid(exact.lat, exact.lng, seed);
    expect(snapToGrid(exact.lat, exact.lng, seed)).toEqual(a);
    expect(metres(a, exact)).toBeLessThan(300);
    expect(a).not.toEqual(exact);
  });

  it('answers one point for every exact point of a cell, so nearby positions reveal nothing finer', () => {
    const seed = { lat: 0.5, lng: 0.5 };
    const base = snapToGrid(37.5, 127.0, seed);
    const near = [0, 20, 40].flatMap((dy) => [0, 20, 40].map((dx) => snapToGrid(37.5 + dy / 111_320, 127.0 + dx / 88_000, seed)));
    expect(new Set(near.map((p) => `${p.lat},${p.lng}`)).size).toBeLessThanOrEqual(4);
    expect(near).toContainEqual(base);
  });

  it('shifts the grid per post: two seeds round the same point differently', () => {
    expect(snapToGrid(37.5, 127.0, { lat: 0.1, lng: 0.1 })).not.toEqual(snapToGrid(37.5, 127.0, { lat: 0.6, lng: 0.6 }));
  });
});
