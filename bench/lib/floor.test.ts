import { describe, expect, it } from 'vitest';
import { figures, type Samples } from './floor';

const samples = (s: Partial<Samples>): Samples => ({ score: [], lcpMs: [], tbtMs: [], cls: [], fcpMs: [], ...s });
const byName = (fs: ReturnType<typeof figures>) => Object.fromEntries(fs.map((f) => [f.figure.split(' ').pop(), f]));

describe('lighthouse figures against the floor', () => {
  it('compares the page with the floor of the same run: score difference, LCP/FCP ratios, TBT difference, CLS', () => {
    const page = samples({
      score: [64, 66, 63],
      lcpMs: [3500, 3400, 3600],
      fcpMs: [1800, 1700, 1900],
      tbtMs: [400, 380, 420],
      cls: [0.02, 0.02, 0.02],
    });
    const floor = samples({ score: [82, 83, 82], lcpMs: [2000, 2050, 2010], fcpMs: [1700, 1720, 1710], tbtMs: [0, 10, 0], cls: [0, 0, 0] });
    const f = byName(figures('/', 'mobile', page, floor, [3.1, 2.5, 2.0]));
    expect(f.score_vs_floor).toMatchObject({ bench: 'lighthouse', value: -18, target: '>= -5', met: false });
    expect(f.lcp_vs_floor?.value).toBeCloseTo(3500 / 2010);
    expect(f.lcp_vs_floor?.met).toBe(false);
    expect(f.fcp_vs_floor?.met).toBe(true);
    expect(f.tbt_vs_floor_ms).toMatchObject({ value: 400, met: false });
    expect(f.cls).toMatchObject({ value: 0.02, met: false });
    expect(f.score_vs_floor?.note).toContain('load 3.1');
  });

  it('says inconclusive when the floor itself swings more than the target allows', () => {
    const page = samples({ score: [80, 81, 79], lcpMs: [2100, 2000, 2200], fcpMs: [1000, 1000, 1000], tbtMs: [0, 0, 0], cls: [0, 0, 0] });
    const floor = samples({ score: [70, 84, 90], lcpMs: [1500, 2100, 2600], fcpMs: [1000, 1000, 1000], tbtMs: [0, 0, 0], cls: [0, 0, 0] });
    const f = byName(figures('/adopt', 'mobile', page, floor, [1, 1, 1]));
    expect(f.score_vs_floor?.met).toBeNull();
    expect(f.lcp_vs_floor?.met).toBeNull();
    expect(f.fcp_vs_floor?.met).toBe(true);
    expect(f.cls?.met).toBe(true);
  });

  it('asks desktop for a score of 100 and reports its difference from the floor without a target', () => {
    const all = (v: number) =>
      samples({ score: [v, v, v], lcpMs: [500, 500, 500], fcpMs: [400, 400, 400], tbtMs: [0, 0, 0], cls: [0, 0, 0] });
    const fs = figures('/community', 'desktop', all(99), all(100), [1, 1, 1]);
    expect(fs.find((f) => f.figure === 'desktop /community score')).toMatchObject({ value: 99, met: false });
    expect(fs.find((f) => f.figure === 'desktop /community score_vs_floor')?.met).toBeUndefined();
  });
});

describe('lighthouse without a floor', () => {
  it('reports the page alone, with no verdict on the comparisons, when the floor painted nothing', () => {
    const page = samples({ score: [64], lcpMs: [3500], fcpMs: [1800], tbtMs: [400], cls: [0] });
    const f = byName(figures('/', 'mobile', page, samples({}), [2, 2, 2]));
    expect(f.score).toMatchObject({ value: 64, met: null });
    expect(f.lcp_ms).toMatchObject({ value: 3500, met: null });
    expect(f.cls).toMatchObject({ value: 0, met: true });
    expect(f.score?.note).toContain('no floor');
  });
});

describe('ssr bench: server-rendered or not', () => {
  it('recognises the data a rendered page embeds for hydration, not the SPA shell', async () => {
    const { isServerRendered } = await import('../ssr');
    expect(
      isServerRendered('<body><div id="root"><main>강아지</main></div><script type="application/json" id="pb-ssr-data">{}</script>'),
    ).toBe(true);
    expect(isServerRendered('<body><div id="root"></div><script type="module" src="/assets/i.js"></script>')).toBe(false);
    expect(isServerRendered('<div id="pb-ssr-data"></div>')).toBe(false);
  });
});
