import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@pawbridge/server-kit/testing/processes';
import { createEventBus } from './event-bus';

// Issue 24 item 3: after a Redis outage the bus says that events may have been missed.
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
const redisOn = (port: number) => {
  const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  children.push(c);
  return c;
};
const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('event bus gap', () => {
  it('calls onGap once it listens again after Redis was lost, and not before', async () => {
    const port = await freePort();
    const first = redisOn(port);
    await new Promise((r) => setTimeout(r, 300));
    const bus = createEventBus({ redisUrl: `redis://127.0.0.1:${port}`, channel: 'gap-test' });
    try {
      await bus.ready();
      let gaps = 0;
      bus.onGap(() => (gaps += 1));
      await new Promise((r) => setTimeout(r, 200));
      expect(gaps).toBe(0);
      first.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
      redisOn(port);
      await until(() => gaps === 1, 15_000);
    } finally {
      await bus.close();
    }
  }, 30_000);
});
