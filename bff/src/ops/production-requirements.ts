/**
 * What NODE_ENV=production needs before the BFF may start. Pure: the raw
 * variables in, one line per problem out. The BFF keeps no session secret of
 * its own (the upstream's session cookie is passed through), so none is asked for.
 * What one upstream needs besides (the legacy's service account) is checked
 * where the upstream is chosen (config/env.ts).
 */
export interface BffProductionInput {
  UPSTREAM_URL?: string | undefined;
  PUBLIC_ORIGIN?: string | undefined;
  REDIS_URL?: string | undefined;
  PORTONE_MERCHANT_CODE?: string | undefined;
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
  return problems;
}
