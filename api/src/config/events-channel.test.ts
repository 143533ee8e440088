import { describe, expect, it } from 'vitest';
import { loadApiConfig } from './env';

// Issue 24 item 4: Redis pub/sub ignores the database index, so the channel must say which deployment it is.
const channel = (env: Record<string, string>) => loadApiConfig({ NODE_ENV: 'development', DATA_DIR: 'memory', ...env }).eventsChannel;
const pg = 'postgres://app:secret@db.internal:5432/pawbridge';

describe('the event-bus channel by default', () => {
  it('differs between stacks on different Redis databases of one server', () => {
    const db0 = channel({ REDIS_URL: 'redis://redis:6379', DATABASE_URL: pg });
    const db3 = channel({ REDIS_URL: 'redis://redis:6379/3', DATABASE_URL: pg });
    expect(db0).not.toBe(db3);
    expect(db3).toMatch(/^pawbridge:events:db3:[0-9a-f]{12}$/);
  });

  it('differs between deployments on different databases, and is the same for every instance of one', () => {
    const a = channel({ REDIS_URL: 'redis://redis:6379', DATABASE_URL: pg });
    expect(channel({ REDIS_URL: 'redis://redis:6379', DATABASE_URL: pg.replace('secret', 'rotated') })).toBe(a);
    expect(channel({ REDIS_URL: 'redis://redis:6379', DATABASE_URL: pg.replace('/pawbridge', '/staging') })).not.toBe(a);
    expect(channel({ REDIS_URL: 'redis://redis:6379', DATABASE_URL: pg, DATABASE_SCHEMA: 'other' })).not.toBe(a);
    expect(a).not.toContain('secret');
  });

  it('EVENTS_CHANNEL still wins', () => {
    expect(channel({ REDIS_URL: 'redis://redis:6379/3', EVENTS_CHANNEL: 'mine' })).toBe('mine');
  });
});
