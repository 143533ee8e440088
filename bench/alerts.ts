/**
 * Neighbourhood alerts at scale (issue 28, decision 0043): on Postgres (ALERTS_DATABASE_URL, default the local
 * test database, own schema; skipped when it does not answer), one new missing report whose point lies inside
 * the neighbourhood of 10,000 members (and 20,000 more members elsewhere in Korea). Timed: its ALERT job on the matching
 * queue, from claim to the last page committed and published (box pre-selection, exact distance, one alert row
 * and one bell per member, the cursor per page, live publish). Target: ≤ 5 s, each member exactly one bell,
 * a re-run adding none. A time without a same-run reference: read it with the load average beside it.
 */
import os from 'node:os';
import { runAlertScale } from '@pawbridge/api/testing/alerts-scale';
import { emit } from './lib/report';

const PG = process.env.ALERTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NEAR = Number(process.env.ALERTS_SUBSCRIBERS ?? 10_000);
try {
  const r = await runAlertScale(PG, `bench_alerts_${process.pid}`, NEAR);
  const exactlyOnce = r.notified === NEAR && r.twice === 0 && r.rerunAdded === 0 && r.published === NEAR;
  emit({
    bench: 'alerts',
    figure: `fan-out of one post to ${NEAR.toLocaleString('en')} subscribers`,
    value: r.fanoutMs / 1000,
    unit: 's',
    target: '<= 5',
    met: r.fanoutMs <= 5000 && exactlyOnce,
    note: `${r.notified} bells stored, ${r.published} published live, ${r.twice} told twice, re-run added ${r.rerunAdded}; ${r.others} members elsewhere; load ${os.loadavg()[0]?.toFixed(1)}`,
    detail: { ...r },
  });
  emit({
    bench: 'alerts',
    figure: 'members told exactly once (of subscribers in range)',
    value: exactlyOnce ? r.notified : r.notified - r.twice,
    target: `${NEAR}`,
    met: exactlyOnce,
  });
} catch (err) {
  process.stderr.write(`alerts bench skipped: ${String(err)}\n`);
}
