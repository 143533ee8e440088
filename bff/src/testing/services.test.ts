import { describe, expect, it } from 'vitest';
import { ambientTestServices } from './services';

describe('ambientTestServices', () => {
  it('passes REDIS_URL on when set, and nothing otherwise', () => {
    expect(ambientTestServices({ REDIS_URL: 'redis://r:6379', DATABASE_URL: 'postgres://x' })).toEqual({ REDIS_URL: 'redis://r:6379' });
    expect(ambientTestServices({})).toEqual({});
  });
});
