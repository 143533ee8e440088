/**
 * One measured figure, printed as one JSON line on stdout. `bench/run.ts`
 * collects every line that parses as an object with `figure` and `value`.
 */
export interface Figure {
  bench: string;
  figure: string;
  value: number;
  unit?: string;
  /** Human-readable target, e.g. "<= 1 ms" (absent for informational figures). */
  target?: string;
  /** true: met; false: missed; null: inconclusive (the reference's own spread is wider than the target's margin, see `judge`). */
  met?: boolean | null;
  /** A few words of context for the README table, e.g. "api 5.4, proxy 6.6, BFF 9.6 ms; api spread 0.3". */
  note?: string;
  /** Anything else worth keeping (raw numbers the ratio came from). */
  detail?: Record<string, unknown>;
}

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

export function emit(f: Figure): void {
  process.stdout.write(`${JSON.stringify({ ...f, value: round(f.value, 3) })}\n`);
}

/** Median of a list (used to combine interleaved rounds). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The q-quantile (0..1) of a list, nearest-rank. */
export function quantile(xs: number[], q: number): number {
  const s = Float64Array.from(xs).sort();
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number;
}

/** Largest minus smallest (the run-to-run spread of a reference's per-round values). */
export const spread = (xs: number[]): number => (xs.length === 0 ? Number.NaN : Math.max(...xs) - Math.min(...xs));

/** max − min over the median: the spread of per-round values as a fraction of their middle (for ratio targets). */
export const relativeSpread = (xs: number[]): number => spread(xs) / Math.abs(median(xs));

export type Verdict = 'met' | 'missed' | 'inconclusive';

export interface Judgement {
  /** The figure compared with its bound (a difference or ratio against a same-run reference). */
  value: number;
  /** `<=`: met when value <= bound; `>=`: met when value >= bound. */
  op: '<=' | '>=';
  bound: number;
  /**
   * How much noise the target tolerates, in the value's units: for "reference + 3 ms" it is 3 ms,
   * for "≥ 0.70 of the reference" it is 0.30, for "within 10 % of the reference" 0.10.
   */
  margin: number;
  /** The reference's own run-to-run spread in the value's units (`spread` or `relativeSpread` of its rounds). */
  referenceSpread: number;
}

/**
 * Met, missed or inconclusive (issue 26): a figure measured against a same-run reference can only be
 * judged when the reference itself is steadier than the target's margin. When the reference's own
 * run-to-run spread exceeds the margin, the figure is inconclusive — unless it misses the bound by more
 * than that spread, which noise of that size cannot explain (a clear miss stays a miss). A value that is
 * not a number (a phase with no answers) is inconclusive too.
 */
export function judge(j: Judgement): Verdict {
  if (!Number.isFinite(j.value) || !Number.isFinite(j.bound)) return 'inconclusive';
  const within = j.op === '<=' ? j.value <= j.bound : j.value >= j.bound;
  const noisy = !Number.isFinite(j.referenceSpread) || j.referenceSpread > j.margin;
  if (!noisy) return within ? 'met' : 'missed';
  const missBy = j.op === '<=' ? j.value - j.bound : j.bound - j.value;
  return Number.isFinite(j.referenceSpread) && missBy > j.referenceSpread ? 'missed' : 'inconclusive';
}

/** A verdict as the figure line's `met`: true, false, or null for inconclusive. */
export const metOf = (v: Verdict): boolean | null => (v === 'met' ? true : v === 'missed' ? false : null);
