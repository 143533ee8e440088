import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startTestBff } from '../testing/test-bff';
import { closedPortUrl } from '../testing/fixtures';

describe('redis plugin', () => {
  it('decorates one shared connection when REDIS_URL is set (null otherwise) and closes it with the app', async () => {
    const bff = await startTestBff(await closedPortUrl());
    const redis = bff.app.redis;
    if (bff.config.redisUrl) {
      expect(redis).not.toBeNull();
      expect(await redis?.ping()).toBe('PONG');
    } else {
      expect(redis).toBeNull();
    }
    // quit() resolves on the server's OK; the connection ends just after.
    const ended = redis ? once(redis, 'end') : Promise.resolve();
    await bff.close();
    await ended;
    if (redis) expect(redis.status).toBe('end');
  });
});
