import { createHash } from 'node:crypto';
import { z } from 'zod';

// The e-mail unsubscribe link's variables (issue 28, docs/decisions/0043), spread into the api's environment schema (env.ts).
export const alertsEnv = {
  /** HMAC key of the one-link unsubscribe tokens (at least 32 characters); required in production. */
  UNSUBSCRIBE_SECRET: z.string().min(32).optional(),
  /** How long an unsubscribe link works, in days. */
  UNSUBSCRIBE_TTL_DAYS: z.coerce.number().int().positive().max(3650).default(365),
};

type AlertsEnv = z.output<z.ZodObject<typeof alertsEnv>>;

export interface AlertsConfig {
  unsubscribeSecret: string;
  unsubscribeTtlDays: number;
}

/**
 * Outside production a missing secret is derived from the deployment's data folder, so links a developer's
 * instance mails keep working across its restarts; production refuses to start without one (env.ts).
 */
export function alertsConfig(e: AlertsEnv, dataDir: string): AlertsConfig {
  return {
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET ?? createHash('sha256').update(`pawbridge-unsubscribe-dev|${dataDir}`).digest('hex'),
    unsubscribeTtlDays: e.UNSUBSCRIBE_TTL_DAYS,
  };
}
