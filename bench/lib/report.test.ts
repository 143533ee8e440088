import { describe, expect, it } from 'vitest';
import { judge, metOf, relativeSpread, spread } from './report';
import { markdownRows, rowOf } from './rows';

describe('judge: met, missed or inconclusive against a same-run reference', () => {
  it('marks noise as inconclusive: −268 ms "added" while the api’s own p99 swung by 394 ms is not a met target', () => {
    const apiP99PerRound = [8, 402, 120];
    expect(judge({ value: -268, op: '<=', bound: 3, margin: 3, referenceSpread: spread(apiP99PerRound) })).toBe('inconclusive');
    expect(metOf('inconclusive')).toBeNull();
  });

  it('judges normally when the reference is steadier than the margin', () => {
    expect(judge({ value: 0.8, op: '<=', bound: 1, margin: 1, referenceSpread: 0.4 })).toBe('met');
    expect(judge({ value: 1.3, op: '<=', bound: 1, margin: 1, referenceSpread: 0.4 })).toBe('missed');
    expect(judge({ value: 0.75, op: '>=', bound: 0.7, margin: 0.3, referenceSpread: 0.1 })).toBe('met');
    expect(judge({ value: 0.6, op: '>=', bound: 0.7, margin: 0.3, referenceSpread: 0.1 })).toBe('missed');
    // A spread equal to the margin is still within it.
    expect(judge({ value: 2, op: '<=', bound: 3, margin: 3, referenceSpread: 3 })).toBe('met');
  });

  it('keeps a clear miss a miss even on a noisy reference: more than the spread beyond the bound', () => {
    expect(judge({ value: 60, op: '<=', bound: 1, margin: 1, referenceSpread: 5 })).toBe('missed');
    expect(judge({ value: 5, op: '<=', bound: 1, margin: 1, referenceSpread: 5 })).toBe('inconclusive');
    expect(judge({ value: 0.2, op: '>=', bound: 0.7, margin: 0.3, referenceSpread: 0.4 })).toBe('missed');
    expect(judge({ value: 0.5, op: '>=', bound: 0.7, margin: 0.3, referenceSpread: 0.4 })).toBe('inconclusive');
  });

  it('never calls a met target on a noisy reference, and a missing number is inconclusive', () => {
    expect(judge({ value: 0, op: '<=', bound: 1, margin: 1, referenceSpread: 1.01 })).toBe('inconclusive');
    expect(judge({ value: Number.NaN, op: '<=', bound: 1, margin: 1, referenceSpread: 0 })).toBe('inconclusive');
    expect(judge({ value: 0.5, op: '<=', bound: 1, margin: 1, referenceSpread: Number.NaN })).toBe('inconclusive');
  });

  it('measures spread as max − min, relative to the median for ratios', () => {
    expect(spread([5, 9, 6])).toBe(4);
    expect(relativeSpread([200, 250, 300])).toBeCloseTo(0.4);
    expect(spread([])).toBeNaN();
  });
});

describe('bench table rows', () => {
  it('shows met: null as "inconclusive", true as yes, false as NO, a numeric budget as a ceiling', () => {
    const line = (o: object) => JSON.stringify(o);
    expect(rowOf('overhead', line({ figure: 'x', value: -268, unit: 'ms', target: '<= 3', met: null }))?.met).toBe('inconclusive');
    expect(rowOf('overhead', line({ figure: 'x', value: 1, target: '<= 3', met: true }))?.met).toBe('yes');
    expect(rowOf('overhead', line({ figure: 'x', value: 4, target: '<= 3', met: false }))?.met).toBe('NO');
    expect(rowOf('bundle', line({ route: '/', metric: 'jsGzipBytes', value: 10, target: 5 }))?.met).toBe('NO');
    expect(rowOf('overhead', 'not json')).toBeUndefined();
  });

  it('prints the README table: figure, value with its note, target, met', () => {
    const row = rowOf(
      'overhead',
      JSON.stringify({
        bench: 'overhead',
        figure: 'strays.bff_p50_added_ms',
        value: 0.8,
        unit: 'ms',
        target: '<= 1',
        met: null,
        note: 'api 5.4 | spread 2',
      }),
    );
    const md = markdownRows(row ? [row] : []).split('\n');
    expect(md[0]).toBe('| figure | value | target | met |');
    expect(md[2]).toBe('| overhead strays.bff_p50_added_ms | 0.8 ms (api 5.4 \\| spread 2) | ≤ 1 | inconclusive |');
  });
});
