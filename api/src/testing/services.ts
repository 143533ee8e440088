/**
 * Postgres/Redis that test suites should use too (CI and the developer set them); unset → PGlite and
 * in-process events. Test-only, so it lives in testing/ and not in the production config.
 */
export function testServices(source: Record<string, string | undefined> = process.env): { databaseUrl?: string; redisUrl?: string } {
  return {
    ...(source.DATABASE_URL ? { databaseUrl: source.DATABASE_URL } : {}),
    ...(source.REDIS_URL ? { redisUrl: source.REDIS_URL } : {}),
  };
}
