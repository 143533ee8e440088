/**
 * `npm run bench`: every benchmark script that exists, one after another (never
 * two at once: each measures against a reference taken in its own run), their
 * JSON lines passed through as they come, then one table of every figure.
 * A missing script is reported as "not present", a failing one as "failed".
 * BENCH_ONLY=overhead,realtime runs a subset.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { markdownRows, rowOf, type Row } from './lib/rows';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORDER = ['bundle', 'lighthouse', 'overhead', 'ssr', 'realtime', 'scale', 'lost', 'matching', 'alerts'];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
/** Each script gets at most this long (lighthouse's interleaved rounds against the floor need far more: below). */
const PER_SCRIPT_MS = Number(process.env.BENCH_SCRIPT_TIMEOUT_MS ?? 180_000);
// Lighthouse: 5 interleaved rounds × (page + floor) × 2 presets × 4 routes ≈ 80 audits of ~10 s each.
const LIMIT_MS: Record<string, number> = { lighthouse: Number(process.env.BENCH_LIGHTHOUSE_TIMEOUT_MS ?? 1_500_000) };

const rows: Row[] = [];
const record = (bench: string, line: string) => {
  const row = rowOf(bench, line);
  if (row) rows.push(row);
};
const status: { bench: string; state: string; seconds: number; load: string }[] = [];
/** The 1-minute load average, to state beside the figures (a shared machine's other jobs move every time figure). */
const load1 = () => os.loadavg()[0]?.toFixed(1) ?? '?';

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
  const loadBefore = load1();
  const state = fs.existsSync(file) ? await runScript(name, file) : 'not present';
  status.push({ bench: name, state, seconds: Math.round((Date.now() - t0) / 1000), load: `${loadBefore} → ${load1()}` });
}

const table = (header: string[], body: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
};
process.stdout.write(
  `\n${table(
    ['bench', 'state', 's', 'load avg (1 min)'],
    status.map((s) => [s.bench, s.state, String(s.seconds), s.load]),
  )}\n\n`,
);
process.stdout.write(
  `${table(
    ['bench', 'figure', 'value', 'target', 'met'],
    rows.map((r) => [r.bench, r.figure, r.value, r.target, r.met]),
  )}\n`,
);
const missed = rows.filter((r) => r.met === 'NO').length;
const inconclusive = rows.filter((r) => r.met === 'inconclusive').length;
process.stdout.write(
  `\n${rows.length} figures, ${missed} targets missed, ${inconclusive} inconclusive, ${Math.round((Date.now() - startedAt) / 1000)} s in all.\n`,
);
// The rows of bench/README.md's table, ready to paste (figures with a target or a note; the load average stated).
const readme = markdownRows(rows);
process.stdout.write(
  `\nREADME rows (${new Date().toISOString().slice(0, 16)} UTC, load average ${status.map((s) => `${s.bench} ${s.load}`).join(', ')}):\n\n${readme}\n`,
);
if (process.env.BENCH_MARKDOWN) fs.writeFileSync(process.env.BENCH_MARKDOWN, `${readme}\n`);
// Missed targets are results, not failures (they are in the table); a script that crashed is.
if (status.some((s) => s.state !== 'ok' && s.state !== 'not present')) process.exitCode = 1;
