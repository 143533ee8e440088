// Scenarios 3 and 4: api instances killed under write load, Redis restarted.
import assert from 'node:assert/strict';
import { Browser, EnvelopeSchema, openApp, openStomp, type Answer, type LiveApp } from './clients';
import { sleep, waitUntil } from './procs';
import { ADMIN_PASSWORD, DEMO, UPSTREAM_TIMEOUT_MS, type Stack } from './stack';
import { count, type Summary } from './summary';
import { verify, writer, type Write } from './writes';

/** No answer may take longer than the BFF's upstream timeout plus this. */
const MARGIN_MS = 2000;
const ALLOWED_FAILURES = new Set([502, 503, 504]);

function checkFailure(a: Answer, allowed: Set<number>, what: string): void {
  assert.ok(a.status !== 0, `${what}: no answer within ${Math.round(a.ms)} ms`);
  if (a.status < 300) return;
  assert.ok(allowed.has(a.status), `${what}: unexpected ${a.status} ${JSON.stringify(a.json)}`);
  assert.ok(EnvelopeSchema.safeParse(a.json).success, `${what}: ${a.status} without the error envelope: ${JSON.stringify(a.json)}`);
}

/**
 * 3. Writes through nginx at a fixed concurrency (comments, and every fifth a stray report
 * with an Idempotency-Key) while api-1 is SIGKILLed, then api-2 too (a full outage), then
 * both restarted. Every write that got a 2xx must be in the database; every failure is a
 * fast 502/503/504 envelope; failed reports sent again with their key are stored once.
 */
export async function apiKilledUnderWrites(stack: Stack): Promise<Summary> {
  const s: Summary = { scenario: 'api-killed-under-writes', instances: 4, requests: 0, faults: 0, status: {}, maxMs: 0 };
  const member = new Browser(stack.publicUrl);
  assert.equal((await member.login(DEMO.userId, DEMO.password)).status, 200);
  const write = await writer(stack, member, await member.postBy({ userId: 'admin', password: ADMIN_PASSWORD }), UPSTREAM_TIMEOUT_MS * 3);
  // The web app's stream through it all: told to reconnect when its BFF's upstream session is
  // replaced (issue 24 item 3), it reconnects by itself and refetches.
  const live = await openApp(stack.publicUrl, member, DEMO.userId, [`/topic/user/${DEMO.userId}/community/comment`]);
  // Bounded: the load runs until the timeline ends, never more than MAX_WRITES.
  const MAX_WRITES = 3000;
  const CONCURRENCY = 6;
  // Each client waits this long between writes, and longer after a failure (as a person would).
  const PACE_MS = 60;
  const BACKOFF_MS = 250;
  const acked: Write[] = [];
  const failures: Write[] = [];
  let next = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && next < MAX_WRITES) {
      const w = await write(next++);
      count(s, w.answer.status, w.answer.ms);
      if (w.answer.status >= 200 && w.answer.status < 300) acked.push(w);
      else failures.push(w);
      await sleep(w.answer.status < 300 ? Math.max(0, PACE_MS - w.answer.ms) : BACKOFF_MS);
    }
  };
  const ackedAtLeast = (n: number, ms: number) => waitUntil(`${n} acknowledged writes`, async () => acked.length >= n, ms, 20);
  const timeline = async () => {
    await ackedAtLeast(30, 20_000);
    await stack.killApi(0);
    s.faults++;
    const afterFirst = acked.length;
    await Promise.all([ackedAtLeast(afterFirst + 30, 20_000), sleep(3000)]);
    const failedBeforeOutage = failures.length;
    await stack.killApi(1);
    s.faults++;
    const outageStart = Date.now();
    await sleep(1500);
    const failedInOutage = failures.length - failedBeforeOutage;
    await Promise.all([stack.startApi(0), stack.startApi(1)]);
    const beforeRecovery = acked.length;
    const recoveredMs = Date.now() - outageStart + (await ackedAtLeast(beforeRecovery + 30, 40_000));
    return { failedBeforeOutage, failedInOutage, recoveredMs };
  };
  const started = Date.now();
  const workers = Array.from({ length: CONCURRENCY }, worker);
  let phases: Awaited<ReturnType<typeof timeline>>;
  try {
    phases = await timeline();
  } finally {
    stop = true;
    await Promise.all(workers);
  }
  // The user presses submit again on each failed report: same key, so stored once at most.
  const resent: Record<string, number> = {};
  for (const failed of failures.filter((f) => f.kind === 'report')) {
    const again = await write(failed.i);
    count(s, again.answer.status, again.answer.ms);
    resent[again.answer.status] = (resent[again.answer.status] ?? 0) + 1;
    if (again.answer.status === 201) acked.push(again);
    else checkFailure(again.answer, new Set([409, ...ALLOWED_FAILURES]), 'a report sent again');
  }
  s.durationMs = Date.now() - started;
  const stompBackMs = await liveAgain(stack, live);

  const v = await verify(stack, acked);
  s.writesAcknowledged = acked.length;
  s.writesLost = v.lost.length;
  s.detail = {
    concurrency: CONCURRENCY,
    commentsAcked: v.commentsAcked,
    reportsAcked: v.reportsAcked,
    storedWithoutAck: v.storedWithoutAck,
    duplicates: v.duplicates.length,
    failuresWhileOneApiDown: phases.failedBeforeOutage,
    failuresDuringFullOutage: phases.failedInOutage,
    recoveredAfterMs: phases.recoveredMs,
    reportsSentAgain: resent,
    stompClientLiveAgainAfterMs: stompBackMs,
    appReconnects: live.connects - 1,
    codes: [...new Set(failures.map((f) => EnvelopeSchema.safeParse(f.answer.json).data?.error.code ?? `status ${f.answer.status}`))],
  };
  assert.equal(v.lost.length, 0, `acknowledged writes missing from the database: ${v.lost.slice(0, 5).join(', ')}`);
  assert.equal(v.duplicates.length, 0, `stored twice: ${v.duplicates.slice(0, 5).join(', ')}`);
  assert.ok(v.reportsAcked > 0 && v.commentsAcked > 0, 'both kinds of write were acknowledged');
  for (const f of failures) checkFailure(f.answer, ALLOWED_FAILURES, `${f.kind} during the fault`);
  assert.ok(phases.failedInOutage > 0, 'the full outage was felt (else the kill did not happen)');
  assert.ok(s.maxMs <= UPSTREAM_TIMEOUT_MS + MARGIN_MS, `slowest answer ${Math.round(s.maxMs)} ms > ${UPSTREAM_TIMEOUT_MS + MARGIN_MS} ms`);
  return s;
}

/** The app stream opened before the kills learns of a notification again; how long after recovery (ms). */
async function liveAgain(stack: Stack, live: LiveApp): Promise<number> {
  const admin = new Browser(stack.publicUrl);
  assert.equal((await admin.login('admin', ADMIN_PASSWORD)).status, 200);
  const postId = await admin.postBy(DEMO);
  const start = Date.now();
  const seen = live.seen.size;
  try {
    // The BFF's upstream STOMP session backs off up to 30 s between attempts; one comment a second until a frame arrives.
    await waitUntil(
      'a notification on the STOMP client opened before the kills',
      async () => {
        await admin.call('POST', `/api/community/comment/${postId}`, { content: `reliability ${stack.runId} live again` });
        return live.seen.size > seen;
      },
      40_000,
      1000,
    );
    return Date.now() - start;
  } finally {
    await live.close();
  }
}

/**
 * 4. Redis SIGKILLed and started again (empty) on the same port: answers during the
 * outage are fast (2xx, 401 or a 502/503/504 envelope, never 500), afterwards the old
 * session still works or is 401 (fail closed), logins work, and a new STOMP client
 * gets notifications raised on either api instance.
 */
export async function redisRestarted(stack: Stack): Promise<Summary> {
  const s: Summary = { scenario: 'redis-restarted', instances: 4, requests: 0, faults: 0, status: {}, maxMs: 0 };
  const topic = `/topic/user/${DEMO.userId}/community/comment`;
  const member = new Browser(stack.publicUrl);
  assert.equal((await member.login(DEMO.userId, DEMO.password)).status, 200);
  const oldStomp = await openStomp(stack.publicUrl, member.sid!, topic);
  const admin = new Browser(stack.publicUrl);
  assert.equal((await admin.login('admin', ADMIN_PASSWORD)).status, 200);
  const postId = await admin.postBy(DEMO);
  const during = new Set([200, 201, 401, 502, 503, 504]);
  const started = Date.now();
  let slowest = { what: '', ms: 0, status: 0 };

  await stack.killRedis();
  s.faults++;
  const outageEnd = Date.now() + 3000;
  let i = 0;
  while (Date.now() < outageEnd) {
    for (const [what, a] of [
      ['check-session', await member.call('GET', '/api/users/check-session')],
      ['post list', await member.call('GET', '/api/community/posts')],
      [
        'comment',
        await member.call('POST', `/api/community/comment/${postId}`, { content: `reliability ${stack.runId} redis-down ${i++}` }),
      ],
      ['login', await new Browser(stack.publicUrl).login('admin', ADMIN_PASSWORD)],
    ] as const) {
      count(s, a.status, a.ms);
      if (a.ms > slowest.ms) slowest = { what, ms: Math.round(a.ms), status: a.status };
      checkFailure(a, during, `${what} while Redis is down`);
      if (a.status >= 300 && a.status !== 401) assert.ok(EnvelopeSchema.safeParse(a.json).success);
    }
  }
  const duringOutage = { ...s.status };

  const redisDownMs = Date.now() - started;
  await stack.startRedis();
  const restarted = Date.now();
  const fresh = new Browser(stack.publicUrl);
  await waitUntil('a login after the Redis restart', async () => (await fresh.login('admin', ADMIN_PASSWORD)).status === 200, 20_000, 200);
  const loginBackMs = Date.now() - restarted;

  // The old session: Redis came back empty, so it is gone: 401 / logged out, never a 5xx.
  const old = await member.call('GET', '/api/users/check-session');
  count(s, old.status, old.ms);
  assert.equal(old.status, 200, JSON.stringify(old.json));
  const oldSession = (old.json as { loggedIn: boolean }).loggedIn ? 'still valid' : 'logged out (fail closed)';
  const oldWrite = await member.call('POST', `/api/community/comment/${postId}`, { content: `reliability ${stack.runId} old session` });
  count(s, oldWrite.status, oldWrite.ms);
  assert.ok(
    oldWrite.status === 201 || oldWrite.status === 401,
    `a write with the old session: ${oldWrite.status} ${JSON.stringify(oldWrite.json)}`,
  );

  // A reconnecting browser: logs in again, opens STOMP again, and gets notifications raised on both apis.
  const again = new Browser(stack.publicUrl);
  assert.equal((await again.login(DEMO.userId, DEMO.password)).status, 200);
  // The app-like client: when the api's event bus finds its gap (the Redis outage), every live
  // session is told to reconnect, and the app refetches; it must end up knowing all of them.
  const since = (await stack.query<{ now: Date }>('SELECT now() AS now'))[0]?.now;
  const newStomp = await openApp(stack.publicUrl, again, DEMO.userId, [topic]);
  const oldBefore = oldStomp.received.length;
  try {
    const COMMENTS = 4;
    const t0 = Date.now();
    for (let n = 0; n < COMMENTS; n++) {
      const a = await fresh.call('POST', `/api/community/comment/${postId}`, { content: `reliability ${stack.runId} after redis ${n}` });
      count(s, a.status, a.ms);
      assert.equal(a.status, 201, JSON.stringify(a.json));
    }
    const raised = async () =>
      (
        await stack.query<{ id: number }>(
          `SELECT n.id FROM notifications n JOIN users u ON u.id = n.recipient_pk WHERE u.user_id = $1 AND n.notification_type = 'COMMENT' AND n.created_at >= $2`,
          [DEMO.userId, since],
        )
      ).map((r) => r.id);
    await waitUntil(
      `all ${COMMENTS} notifications known to the app`,
      async () => (await raised()).every((id) => newStomp.seen.has(id)),
      20_000,
      200,
    );
    assert.equal((await raised()).length, COMMENTS);
    const ms = Date.now() - t0;
    s.durationMs = Date.now() - started;
    s.detail = {
      redisDownMs,
      answersDuringOutage: duringOutage,
      slowestDuringOutage: slowest,
      loginBackAfterMs: loginBackMs,
      oldSession,
      oldWriteStatus: oldWrite.status,
      newStompKnown: newStomp.seen.size,
      newStompLive: newStomp.liveCount,
      newStompRefetched: newStomp.refetched,
      newStompReconnects: newStomp.connects - 1,
      newStompLastFrameMs: Math.round(ms),
      oldStompReceivedAfterRestart: oldStomp.received.length - oldBefore,
    };
  } finally {
    await newStomp.close();
    await oldStomp.close();
  }
  assert.ok(
    s.maxMs <= UPSTREAM_TIMEOUT_MS + MARGIN_MS,
    `slowest answer ${Math.round(s.maxMs)} ms > ${UPSTREAM_TIMEOUT_MS + MARGIN_MS} ms (during the outage: ${JSON.stringify(slowest)})`,
  );
  assert.equal(s.status[500] ?? 0, 0, 'never a 500');
  return s;
}
