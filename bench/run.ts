/**
 * `npm run bench`: every benchmark script that exists, one after another (never
 * two at once: each measures against a reference taken in its own run), their
 * JSON lines passed through as they come, then one table of every figure.
 * A missing script is reported as "not present", a failing one as "failed".
 * BENCH_ONLY=overhead,realtime runs a subset.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORDER = ['bundle', 'lighthouse', 'overhead', 'realtime', 'scale'];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
/** The whole run must stay under 10 minutes: each script gets at most this long (lighthouse's five runs per preset need more). */
const PER_SCRIPT_MS = Number(process.env.BENCH_SCRIPT_TIMEOUT_MS ?? 180_000);
const LIMIT_MS: Record<string, number> = { lighthouse: Number(process.env.BENCH_LIGHTHOUSE_TIMEOUT_MS ?? 240_000) };

interface Row {
  bench: string;
  figure: string;
  value: string;
  target: string;
  met: string;
}

const rows: Row[] = [];
const status: { bench: string; state: string; seconds: number }[] = [];

/**
 * Keep a figure line: `{figure, value, unit?, target?, met?}` (bench/lib/report.ts), or the
 * bundle's and lighthouse's `{route, role?, preset?, metric, value, target: number|null}` (a budget: met when value <= target).
 */
function record(bench: string, line: string): void {
  let j: unknown;
  try {
    j = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof j !== 'object' || j === null || !('value' in j)) return;
  const f = j as Record<string, unknown>;
  const figure =
    typeof f.figure === 'string' ? f.figure : [f.route, f.role, f.preset, f.metric].filter((x) => typeof x === 'string').join(' ');
  if (!figure || typeof f.value !== 'number') return;
  const numericTarget = typeof f.target === 'number' ? f.target : undefined;
  const met = f.met !== undefined ? Boolean(f.met) : numericTarget !== undefined ? f.value <= numericTarget : undefined;
  rows.push({
    bench: typeof f.bench === 'string' ? f.bench : bench,
    figure,
    value: `${String(f.value)}${f.unit ? ` ${String(f.unit)}` : ''}`,
    target: numericTarget !== undefined ? `<= ${numericTarget}` : f.target === undefined || f.target === null ? '' : String(f.target),
    met: met === undefined ? '' : met ? 'yes' : 'NO',
  });
}

function runScript(name: string, file: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
      detached: true,
    });
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, LIMIT_MS[name] ?? PER_SCRIPT_MS);
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      process.stdout.write(`${line}\n`);
      record(name, line);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? 'ok' : signal === 'SIGKILL' ? 'timed out' : `failed (exit ${code ?? signal})`);
    });
  });
}

const startedAt = Date.now();
for (const name of ORDER) {
  if (only && !only.includes(name)) continue;
  const file = path.join(here, `${name}.ts`);
  const t0 = Date.now();
  const state = fs.existsSync(file) ? await runScript(name, file) : 'not present';
  status.push({ bench: name, state, seconds: Math.round((Date.now() - t0) / 1000) });
}

const table = (header: string[], body: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
};
process.stdout.write(
  `\n${table(
    ['bench', 'state', 's'],
    status.map((s) => [s.bench, s.state, String(s.seconds)]),
  )}\n\n`,
);
process.stdout.write(
  `${table(
    ['bench', 'figure', 'value', 'target', 'met'],
    rows.map((r) => [r.bench, r.figure, r.value, r.target, r.met]),
  )}\n`,
);
const missed = rows.filter((r) => r.met === 'NO').length;
process.stdout.write(`\n${rows.length} figures, ${missed} targets missed, ${Math.round((Date.now() - startedAt) / 1000)} s in all.\n`);
// Missed targets are results, not failures (they are in the table); a script that crashed is.
if (status.some((s) => s.state !== 'ok' && s.state !== 'not present')) process.exitCode = 1;
