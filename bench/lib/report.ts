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
  met?: boolean;
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
