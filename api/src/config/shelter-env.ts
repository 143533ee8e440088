import { z } from 'zod';

// The shelter sync's variables (issue 18, docs/decisions/0024), spread into the api's environment schema (env.ts).
export const shelterEnv = {
  /** data.go.kr service key of the animal-protection open API; set → the scheduled sync runs. Never logged. */
  PUBLIC_DATA_SERVICE_KEY: z.string().min(1).optional(),
  PUBLIC_DATA_BASE_URL: z.string().url().default('https://apis.data.go.kr/1543061/abandonmentPublicService_v2'),
  /** Hosts (host or host:port) the image proxy may fetch from; comma-separated. */
  PUBLIC_DATA_IMAGE_HOSTS: z.string().default('openapi.animal.go.kr,www.animal.go.kr'),
  /** When the scheduled sync runs (cron, Seoul time); only with a service key. */
  SHELTER_SYNC_CRON: z.string().min(1).default('17 */3 * * *'),
  /** Days the first run looks back (bgupd) when there is no earlier successful run. */
  SHELTER_SYNC_FIRST_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  /** Without a key, sync from the generated sample through the in-process stand-in (demo only; refused in production). */
  SHELTER_SAMPLE_MODE: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
};

type ShelterEnv = z.output<z.ZodObject<typeof shelterEnv>> & { NODE_ENV: 'development' | 'test' | 'production' };

export interface ShelterConfig {
  serviceKey: string | undefined;
  baseUrl: string;
  imageHosts: string[];
  cron: string;
  firstDays: number;
  /** No key and not production (unless turned off): the admin's button and the CLI use the sample. */
  sampleMode: boolean;
}

export function shelterConfig(e: ShelterEnv): ShelterConfig {
  if (e.NODE_ENV === 'production' && e.SHELTER_SAMPLE_MODE === true) {
    throw new Error('Invalid api environment:\n  SHELTER_SAMPLE_MODE: the generated sample is for demos, never in production');
  }
  return {
    serviceKey: e.PUBLIC_DATA_SERVICE_KEY,
    baseUrl: e.PUBLIC_DATA_BASE_URL.replace(/\/$/, ''),
    imageHosts: e.PUBLIC_DATA_IMAGE_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    cron: e.SHELTER_SYNC_CRON,
    firstDays: e.SHELTER_SYNC_FIRST_DAYS,
    sampleMode: !e.PUBLIC_DATA_SERVICE_KEY && e.NODE_ENV !== 'production' && (e.SHELTER_SAMPLE_MODE ?? true),
  };
}
