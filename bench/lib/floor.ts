import { judge, median, metOf, relativeSpread, round, spread, type Figure } from './report';

/** Lighthouse against the floor (bench/lighthouse.ts): the page's metrics and the floor's, per round. */
export type Metric = 'score' | 'lcpMs' | 'tbtMs' | 'cls' | 'fcpMs';
export type Preset = 'mobile' | 'desktop';
export type Samples = Record<Metric, number[]>;

/**
 * The figures of one route and preset from its interleaved rounds (issue 26 targets): score within
 * 5 points of the floor (mobile), LCP and FCP within 10 % of the floor's, TBT within 150 ms of the
 * floor's, CLS 0, desktop score 100. Comparisons are inconclusive when the floor's own spread over
 * the rounds is wider than the target's margin.
 */
export function figures(route: string, preset: Preset, page: Samples, floor: Samples, load: number[]): Figure[] {
  const m = (s: Samples, k: Metric) => median(s[k]);
  const detail = { runs: page.score.length, load, page, floor };
  const note = (k: Metric, digits = 0) =>
    `page ${round(m(page, k), digits)}, floor ${round(m(floor, k), digits)}; floor spread ${round(spread(floor[k]), digits)}; load ${load[0]}`;
  const out: Omit<Figure, 'bench'>[] = [];
  if (floor.score.length === 0) {
    // No floor (the SPA's shell without scripts paints nothing): the page's own figures, no verdicts.
    const why = `no floor: the page without scripts paints nothing (not server-rendered); load ${load[0]}`;
    out.push({
      figure: `${preset} ${route} score`,
      value: m(page, 'score'),
      unit: 'points',
      target: preset === 'mobile' ? '>= floor - 5' : '= 100',
      met: preset === 'desktop' ? m(page, 'score') >= 100 : null,
      note: why,
    });
    out.push({ figure: `${preset} ${route} lcp_ms`, value: m(page, 'lcpMs'), unit: 'ms', target: '<= 1.10 x floor', met: null, note: why });
    out.push({ figure: `${preset} ${route} fcp_ms`, value: m(page, 'fcpMs'), unit: 'ms', target: '<= 1.10 x floor', met: null, note: why });
    out.push({ figure: `${preset} ${route} tbt_ms`, value: m(page, 'tbtMs'), unit: 'ms', target: '<= floor + 150', met: null, note: why });
    const cls = round(m(page, 'cls'), 3);
    out.push({ figure: `${preset} ${route} cls`, value: cls, unit: '', target: '= 0', met: cls === 0, note: why });
    return out.map((f) => ({ bench: 'lighthouse', ...f, detail }));
  }
  const scoreDiff = m(page, 'score') - m(floor, 'score');
  out.push({
    figure: `${preset} ${route} score_vs_floor`,
    value: scoreDiff,
    unit: 'points',
    ...(preset === 'mobile'
      ? { target: '>= -5', met: metOf(judge({ value: scoreDiff, op: '>=', bound: -5, margin: 5, referenceSpread: spread(floor.score) })) }
      : {}),
    note: note('score'),
  });
  if (preset === 'desktop')
    out.push({
      figure: `desktop ${route} score`,
      value: m(page, 'score'),
      unit: 'points',
      target: '= 100',
      met: m(page, 'score') >= 100,
      note: note('score'),
    });
  for (const k of ['lcpMs', 'fcpMs'] as const) {
    const ratio = m(page, k) / m(floor, k);
    out.push({
      figure: `${preset} ${route} ${k === 'lcpMs' ? 'lcp' : 'fcp'}_vs_floor`,
      value: ratio,
      unit: 'ratio',
      target: '<= 1.10',
      met: metOf(judge({ value: ratio, op: '<=', bound: 1.1, margin: 0.1, referenceSpread: relativeSpread(floor[k]) })),
      note: `${note(k)} ms`,
    });
  }
  const tbt = m(page, 'tbtMs') - m(floor, 'tbtMs');
  out.push({
    figure: `${preset} ${route} tbt_vs_floor_ms`,
    value: tbt,
    unit: 'ms',
    target: '<= 150',
    met: metOf(judge({ value: tbt, op: '<=', bound: 150, margin: 150, referenceSpread: spread(floor.tbtMs) })),
    note: `${note('tbtMs')} ms`,
  });
  const cls = round(m(page, 'cls'), 3);
  out.push({
    figure: `${preset} ${route} cls`,
    value: cls,
    unit: '',
    target: '= 0',
    met: cls === 0,
    note: `floor ${round(m(floor, 'cls'), 3)}`,
  });
  return out.map((f) => ({ bench: 'lighthouse', ...f, detail }));
}
