/** The rows of `npm run bench`'s table (bench/run.ts), from the scripts' JSON figure lines. */
export interface Row {
  bench: string;
  figure: string;
  value: string;
  target: string;
  met: string;
  note: string;
}

/**
 * Keep a figure line: `{figure, value, unit?, target?, met?}` (bench/lib/report.ts), or the
 * bundle's and lighthouse's `{route, role?, preset?, metric, value, target: number|null}` (a budget: met when value <= target).
 */
export function rowOf(bench: string, line: string): Row | undefined {
  let j: unknown;
  try {
    j = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof j !== 'object' || j === null || !('value' in j)) return undefined;
  const f = j as Record<string, unknown>;
  const figure =
    typeof f.figure === 'string' ? f.figure : [f.route, f.role, f.preset, f.metric].filter((x) => typeof x === 'string').join(' ');
  if (!figure || typeof f.value !== 'number') return undefined;
  const numericTarget = typeof f.target === 'number' ? f.target : undefined;
  // met: null is "inconclusive" (the same-run reference was noisier than the target's margin: bench/lib/report.ts `judge`).
  const met =
    f.met === null ? null : f.met !== undefined ? Boolean(f.met) : numericTarget !== undefined ? f.value <= numericTarget : undefined;
  return {
    bench: typeof f.bench === 'string' ? f.bench : bench,
    figure,
    value: `${String(f.value)}${f.unit ? ` ${String(f.unit)}` : ''}`,
    target: numericTarget !== undefined ? `<= ${numericTarget}` : f.target === undefined || f.target === null ? '' : String(f.target),
    met: met === undefined ? '' : met === null ? 'inconclusive' : met ? 'yes' : 'NO',
    note: typeof f.note === 'string' ? f.note : '',
  };
}

/** The README's table: figure, value (with its note), target, met; every figure that has a target or a note. */
export function markdownRows(all: Row[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const target = (t: string) => t.replace(/^<=\s*/, '≤ ').replace(/^>=\s*/, '≥ ');
  const body = all
    .filter((r) => r.target || r.note)
    .map(
      (r) =>
        `| ${cell(`${r.bench} ${r.figure}`)} | ${cell(r.note ? `${r.value} (${r.note})` : r.value)} | ${cell(target(r.target)) || '—'} | ${r.met || '—'} |`,
    );
  return ['| figure | value | target | met |', '|---|---|---|---|', ...body].join('\n');
}
