// `npm run test:reliability`: two api and two BFF processes behind nginx on
// Postgres and a Redis of our own; four scenarios in order; a JSON line per
// scenario and a table at the end. Exits 1 on any failure; a watchdog ends
// the run (and every child) after RELIABILITY_DEADLINE_S (default 180 s).
import { apiKilledUnderWrites, redisRestarted } from './faults';
import { loginAcrossInstances, notificationAcrossInstances } from './cross-instance';
import { tiersKilledAndHung } from './tiers';
import { killAll } from './procs';
import { startStack, type Stack } from './stack';
import { table, type Summary } from './summary';

const deadlineS = Number(process.env.RELIABILITY_DEADLINE_S ?? 300);
const watchdog = setTimeout(() => {
  console.error(`reliability: watchdog: still running after ${deadlineS} s, killing everything`);
  killAll();
  process.exit(1);
}, deadlineS * 1000);

// The children run in their own process groups: a signal to this run must take them along.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`reliability: ${signal}, killing everything`);
    killAll();
    process.exit(1);
  });
}

const scenarios: [string, (s: Stack) => Promise<Summary>][] = [
  ['login-across-instances', loginAcrossInstances],
  ['notification-across-instances', notificationAcrossInstances],
  ['api-killed-under-writes', apiKilledUnderWrites],
  ['redis-restarted', redisRestarted],
  ['tiers-killed-and-hung', tiersKilledAndHung],
];
const only = process.env.RELIABILITY_ONLY?.split(',');

const t0 = Date.now();
let stack: Stack | undefined;
const rows: (Summary & { ok: boolean; error?: string })[] = [];
let failed = false;
try {
  stack = await startStack();
  console.log(
    JSON.stringify({
      reliability: 'stack-up',
      ms: Date.now() - t0,
      processes: { api: 2, bff: 2, nginx: 1, redis: 1 },
      startMs: stack.timings,
      nginxTest: stack.nginxTest.split('\n').pop(),
    }),
  );
  for (const [name, run] of scenarios) {
    if (only && !only.includes(name)) continue;
    const started = Date.now();
    try {
      const s = await run(stack);
      s.durationMs ??= Date.now() - started;
      rows.push({ ...s, ok: true });
      console.log(JSON.stringify({ reliability: 'scenario', ok: true, ...s, maxMs: Math.round(s.maxMs) }));
    } catch (err) {
      failed = true;
      const error = (err as Error).message;
      rows.push({
        scenario: name,
        instances: 4,
        requests: 0,
        faults: 0,
        status: {},
        maxMs: 0,
        durationMs: Date.now() - started,
        ok: false,
        error,
      });
      console.log(JSON.stringify({ reliability: 'scenario', ok: false, scenario: name, error }));
      // The stack may be half broken now; the later scenarios would only report that.
      break;
    }
  }
} catch (err) {
  failed = true;
  console.error(`reliability: the stack did not start: ${(err as Error).stack ?? String(err)}`);
} finally {
  if (failed && stack) console.error(`reliability: logs kept in ${stack.dir}`);
  await stack?.close(failed).catch(() => undefined);
}
console.log(`\n${table(rows)}\n\nreliability: ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
clearTimeout(watchdog);
process.exit(failed ? 1 : 0);
