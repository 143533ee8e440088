/**
 * Services a test harness should reuse when the developer or CI provides them (REDIS_URL), so BFF tests
 * also run against Redis like production. Test-only, so it lives in testing/ and not in the production config.
 */
export function ambientTestServices(source: Record<string, string | undefined> = process.env): Record<string, string> {
  return source.REDIS_URL ? { REDIS_URL: source.REDIS_URL } : {};
}
