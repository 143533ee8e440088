import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../testing/expect-envelope';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';

// Issue 23 item 12's faults in front of an api-shaped stand-in (UPSTREAM_KIND=api): the shared gateways say 502, not [] or 404.
let stub: http.Server;
let bff: TestBff;
const answers = new Map<string, { status: number; body: string }>();

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const answer =
      path === '/api/users/check-session'
        ? { status: 200, body: JSON.stringify({ loggedIn: true, userId: 'faulty', role: 'USER' }) }
        : (answers.get(path) ?? { status: 404, body: '{}' });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  bff = await startTestBff(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await bff?.close();
  await new Promise((resolve) => stub.close(resolve));
});

describe('malformed upstream answers, upstream = an api-shaped stand-in', () => {
  it('a notification list that is no list is 502 UPSTREAM_BAD_RESPONSE (an empty bell would say "nothing new")', async () => {
    expect(bff.config.upstreamKind).toBe('api');
    const client = createClient(bff.url);
    client.cookies.set('JSESSIONID', 'stub-session');
    answers.set('/api/notifications/user/faulty/unread', { status: 200, body: '{"items": "soon"}' });
    expectEnvelope(await client.get('/api/notifications/user/faulty/unread'), 502, 'UPSTREAM_BAD_RESPONSE');
    answers.set('/api/notifications/user/faulty/unread', { status: 200, body: '[]' });
    expect((await client.get('/api/notifications/user/faulty/unread')).body).toEqual([]);
  });

  it('a post that is no post is 502 UPSTREAM_BAD_RESPONSE, a missing one 404', async () => {
    answers.set('/api/community/description/5', { status: 200, body: '"hello"' });
    expectEnvelope(await createClient(bff.url).get('/api/community/description/5'), 502, 'UPSTREAM_BAD_RESPONSE');
    expectEnvelope(await createClient(bff.url).get('/api/community/description/6'), 404, 'NOT_FOUND');
  });
});
