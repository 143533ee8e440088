import { describe, expect, it } from 'vitest';
import { testServices } from './services';

describe('testServices', () => {
  it('passes on the Postgres and Redis the environment names, and nothing when unset', () => {
    expect(testServices({ DATABASE_URL: 'postgres://db/test', REDIS_URL: 'redis://r:6379' })).toEqual({
      databaseUrl: 'postgres://db/test',
      redisUrl: 'redis://r:6379',
    });
    expect(testServices({ DATABASE_URL: '', REDIS_URL: undefined })).toEqual({});
  });
});
