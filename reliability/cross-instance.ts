// Scenarios 1 and 2: a session and a notification cross instances.
import assert from 'node:assert/strict';
import { Browser, openDashboard, openStomp } from './clients';
import { upstreamCounts } from './nginx';
import { ADMIN_PASSWORD, DEMO, type Stack } from './stack';
import type { Summary } from './summary';
import { writer } from './writes';

/** 1. Login on BFF-1 (direct) → the cookie is a session on BFF-2 (direct) and through nginx on both. */
export async function loginAcrossInstances(stack: Stack): Promise<Summary> {
  const s: Summary = { scenario: 'login-across-instances', instances: 4, requests: 0, faults: 0, status: {}, maxMs: 0 };
  const one = new Browser(stack.bffUrls[0]);
  const login = await one.login(DEMO.userId, DEMO.password);
  s.requests++;
  assert.equal(login.status, 200, `login on bff-1: ${JSON.stringify(login.json)}`);
  assert.ok(one.sid, 'login set the session cookie');
  const before = upstreamCounts(stack.lb, '/api/users/check-session');
  for (const base of [stack.bffUrls[1], stack.publicUrl, stack.publicUrl, stack.publicUrl, stack.publicUrl]) {
    const b = one.at(base);
    const requestId = `rel-${stack.runId}-${s.requests}`;
    const a = await b.call('GET', '/api/users/check-session', undefined, { 'x-request-id': requestId });
    s.requests++;
    s.maxMs = Math.max(s.maxMs, a.ms);
    assert.equal(a.status, 200);
    assert.deepEqual(
      { loggedIn: (a.json as { loggedIn?: unknown }).loggedIn, userId: (a.json as { userId?: unknown }).userId },
      { loggedIn: true, userId: DEMO.userId },
      `session via ${base}`,
    );
    // The answer carries one request id, the BFF's own (never the client's: issue 24 item 16).
    const answered = a.headers.get('x-request-id') ?? '';
    assert.match(answered, /^[0-9a-f-]{36}$/, `one BFF request id via ${base}: ${answered}`);
    assert.notEqual(answered, requestId, `the client's id is not adopted via ${base}`);
  }
  // Through nginx the four calls were spread over both BFFs (round robin).
  const after = upstreamCounts(stack.lb, '/api/users/check-session');
  const bffsUsed = stack.bffUrls.map((u) => u.replace('http://', '')).filter((addr) => (after[addr] ?? 0) > (before[addr] ?? 0));
  assert.equal(bffsUsed.length, 2, `nginx used both BFFs: ${JSON.stringify(after)}`);
  s.detail = { bffsUsedByNginx: bffsUsed.length };
  return s;
}

/**
 * 2. A member's STOMP client on BFF-2 (direct) and another through nginx; the admin
 * comments on the member's post through BFF-1: both receive every notification.
 * The admin's dashboard socket through nginx, polling only, gets the live events.
 */
export async function notificationAcrossInstances(stack: Stack): Promise<Summary> {
  const s: Summary = { scenario: 'notification-across-instances', instances: 4, requests: 0, faults: 0, status: {}, maxMs: 0 };
  const member = new Browser(stack.bffUrls[1]);
  assert.equal((await member.login(DEMO.userId, DEMO.password)).status, 200);
  const admin = new Browser(stack.bffUrls[0]);
  assert.equal((await admin.login('admin', ADMIN_PASSWORD)).status, 200);
  s.requests += 2;
  const topic = `/topic/user/${DEMO.userId}/community/comment`;
  const direct = await openStomp(stack.bffUrls[1], member.sid!, topic);
  const viaLb = await openStomp(stack.publicUrl, member.sid!, topic);
  const dashboard = await openDashboard(stack.publicUrl, admin.sid!);
  try {
    const postId = await admin.postBy(DEMO);
    const before = upstreamCounts(stack.lb, `/api/community/comment/${postId}`);
    // Four comments: nginx alternates the api instances, so both raise some of them (asserted below).
    const COMMENTS = 4;
    for (let i = 0; i < COMMENTS; i++) {
      const a = await admin.call('POST', `/api/community/comment/${postId}`, { content: `reliability ${stack.runId} live ${i}` });
      s.requests++;
      s.maxMs = Math.max(s.maxMs, a.ms);
      assert.equal(a.status, 201, JSON.stringify(a.json));
      // A comment is two upstream calls (session, write): one more read shifts which api the next write meets.
      if (i % 2 === 0) await admin.call('GET', `/api/community/comments/${postId}`);
    }
    const msDirect = await direct.waitFor(COMMENTS, 10_000);
    const msLb = await viaLb.waitFor(COMMENTS, 10_000);
    for (const m of [...direct.received, ...viaLb.received]) assert.equal((m as { kind?: unknown }).kind, 'COMMENT', JSON.stringify(m));
    // The BFF reached the apis through nginx: both raised some of the comments.
    const after = upstreamCounts(stack.lb, `/api/community/comment/${postId}`);
    const apisUsed = stack.apiUrls.map((u) => u.replace('http://', '')).filter((addr) => (after[addr] ?? 0) > (before[addr] ?? 0));
    assert.equal(apisUsed.length, 2, `both apis raised notifications: ${JSON.stringify(after)}`);
    // socket.io polling through nginx: the handshake and every poll reached the same BFF. Once
    // that BFF's own upstream connection is up, a stray reported through the other BFF shows.
    await waitForEvent(dashboard.events, 'dashboard:status', 10_000, (p) => (p as { online?: unknown }).online === true);
    const report = await (await writer(stack, member, postId, 15_000, 'live'))(0);
    s.requests++;
    assert.equal(report.answer.status, 201, JSON.stringify(report.answer.json));
    await waitForEvent(dashboard.events, 'dashboard_update', 10_000);
    s.detail = {
      notifications: COMMENTS,
      apisRaising: apisUsed.length,
      stompClients: 2,
      receivedDirect: direct.received.length,
      receivedViaNginx: viaLb.received.length,
      lastFrameMs: Math.round(Math.max(msDirect, msLb)),
      dashboardPollingEvents: dashboard.events.length,
    };
  } finally {
    await direct.close();
    await viaLb.close();
    dashboard.socket.close();
  }
  return s;
}

async function waitForEvent(
  events: { name: string; payload: unknown }[],
  name: string,
  timeoutMs: number,
  match: (payload: unknown) => boolean = () => true,
): Promise<void> {
  const start = Date.now();
  while (!events.some((e) => e.name === name && match(e.payload))) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`no ${name} event within ${timeoutMs} ms (got ${events.map((e) => e.name).join(', ') || 'none'})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
