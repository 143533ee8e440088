/**
 * What NODE_ENV=production needs before the BFF may start. Pure: the raw
 * variables in, one line per problem out. The BFF keeps no session secret of
 * its own (the upstream's session cookie is passed through), so none is asked for.
 */
export interface BffProductionInput {
  UPSTREAM_URL?: string | undefined;
  UPSTREAM_KIND?: string | undefined;
  PUBLIC_ORIGIN?: string | undefined;
  REDIS_URL?: string | undefined;
  PORTONE_MERCHANT_CODE?: string | undefined;
  LEGACY_SERVICE_USER_ID?: string | undefined;
  LEGACY_SERVICE_PASSWORD?: string | undefined;
}

export function bffProductionProblems(e: BffProductionInput): string[] {
  const problems: string[] = [];
  if (!e.UPSTREAM_URL) problems.push('UPSTREAM_URL: required (the default http://127.0.0.1:8080 is a developer machine)');
  if (!e.PUBLIC_ORIGIN)
    problems.push(
      'PUBLIC_ORIGIN: required (where browsers reach the app; social-login landings and the legacy redirects are built from it, not from request headers)',
    );
  if (!e.REDIS_URL)
    problems.push('REDIS_URL: required (login, e-mail and verification rate limits must be counted across all BFF instances)');
  if (!e.PORTONE_MERCHANT_CODE)
    problems.push('PORTONE_MERCHANT_CODE: required (without it the web opens the test payment window, which production never accepts)');
  if (e.UPSTREAM_KIND === 'legacy' && (!e.LEGACY_SERVICE_USER_ID || !e.LEGACY_SERVICE_PASSWORD)) {
    problems.push(
      'LEGACY_SERVICE_USER_ID and LEGACY_SERVICE_PASSWORD: required in front of the legacy (visitors see stray photos through this account)',
    );
  }
  return problems;
}
