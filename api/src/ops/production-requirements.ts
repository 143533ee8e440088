/**
 * What NODE_ENV=production needs before the api may start. Pure: the raw
 * variables in, one line per problem out (the config loader joins them into
 * one message so an operator fixes everything in one go).
 */
export interface ApiProductionInput {
  DATABASE_URL?: string | undefined;
  REDIS_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  PORTONE_API_KEY?: string | undefined;
  PORTONE_API_SECRET?: string | undefined;
  SEED_DEMO_DATA?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
}

/** Passwords an attacker tries first; the .env.example placeholder among them. */
const WEAK_PASSWORDS = new Set([
  'change-me-please',
  'changeme',
  'password',
  'password1',
  'admin1234',
  'administrator',
  '12345678',
  '123456789012',
  'qwertyuiop',
  'demo1234',
]);
export const MIN_PRODUCTION_ADMIN_PASSWORD = 12;

export function isWeakAdminPassword(password: string): boolean {
  if (password.length < MIN_PRODUCTION_ADMIN_PASSWORD) return true;
  if (WEAK_PASSWORDS.has(password.toLowerCase())) return true;
  // One repeated character or fewer than three kinds (lower, upper, digit, other).
  if (new Set(password).size < 4) return true;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  return kinds < 3;
}

export function apiProductionProblems(e: ApiProductionInput): string[] {
  const problems: string[] = [];
  if (!e.DATABASE_URL) problems.push('DATABASE_URL: required (the embedded PGlite database is for one machine in development only)');
  if (!e.REDIS_URL) {
    problems.push(
      'REDIS_URL: required (live notifications, the dashboard socket and sessions reach the other api instances only through Redis)',
    );
  }
  if (!e.SMTP_URL) problems.push('SMTP_URL: required (the mail outbox writes .eml files instead of sending; development only)');
  if (!e.PORTONE_API_KEY || !e.PORTONE_API_SECRET) {
    problems.push(
      'PORTONE_API_KEY and PORTONE_API_SECRET: required (the embedded test payment gateway approves any payment; development only)',
    );
  }
  if (e.SEED_DEMO_DATA === 'true' || e.SEED_DEMO_DATA === '1')
    problems.push('SEED_DEMO_DATA: must not be true (demo members and strays never go into a live database)');
  if (!e.ADMIN_PASSWORD) {
    problems.push('ADMIN_PASSWORD: required (the admin account is never given a generated password printed to the log in production)');
  } else if (isWeakAdminPassword(e.ADMIN_PASSWORD)) {
    problems.push(
      `ADMIN_PASSWORD: too weak (at least ${MIN_PRODUCTION_ADMIN_PASSWORD} characters of three kinds: lower case, upper case, digits, symbols; no well-known password)`,
    );
  }
  return problems;
}
