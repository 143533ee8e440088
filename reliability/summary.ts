// One JSON line per scenario and a final table of the figures.

export interface Summary {
  scenario: string;
  /** api + BFF processes serving (nginx and Redis not counted). */
  instances: number;
  requests: number;
  /** Faults injected (process or Redis kills). */
  faults: number;
  writesAcknowledged?: number;
  writesLost?: number;
  /** Answers by HTTP status (0 = no answer). */
  status: Record<string, number>;
  maxMs: number;
  durationMs?: number;
  detail?: Record<string, unknown>;
}

export function count(s: Summary, status: number, ms: number): void {
  s.requests++;
  s.status[status] = (s.status[status] ?? 0) + 1;
  s.maxMs = Math.max(s.maxMs, ms);
}

export function fiveXx(s: Summary): number {
  return Object.entries(s.status).reduce((n, [k, v]) => (Number(k) >= 500 ? n + v : n), 0);
}

export function table(rows: (Summary & { ok: boolean; error?: string })[]): string {
  const head = ['scenario', 'ok', 'instances', 'requests', 'faults', 'writes acked', 'writes lost', '5xx', 'max ms', 'took s'];
  const body = rows.map((r) =>
    [
      r.scenario,
      r.ok ? 'yes' : 'NO',
      r.instances,
      r.requests,
      r.faults,
      r.writesAcknowledged ?? '-',
      r.writesLost ?? '-',
      fiveXx(r),
      Math.round(r.maxMs),
      ((r.durationMs ?? 0) / 1000).toFixed(1),
    ].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}
