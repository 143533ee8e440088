import { z } from 'zod';
import type { Region } from './regions';
import { isoDate, optionalText } from './validation';

// Nationwide shelter animals (issue 18): the public animal-protection open API's
// dogs, synced by the api and shown in /adopt beside our members' strays.

export const SHELTER_LIMITS = { pageSizeDefault: 20, pageSizeMax: 100 } as const;

/** The BFF says whether the upstream lists shelter animals at all (the legacy Spring service does not). */
export const SHELTER_AVAILABLE_HEADER = 'X-Shelter-Available';

export const SHELTER_STATUSES = ['PROTECTING', 'NOTICE', 'ADOPTED', 'RETURNED', 'ENDED_OTHER', 'DIED'] as const;
export const ShelterStatusSchema = z.enum(SHELTER_STATUSES);
export type ShelterStatus = z.infer<typeof ShelterStatusSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One shelter animal as the browser sees it. `imageUrls` are our own proxy paths, never the portal's. */
export const ShelterAnimalSchema = z.object({
  desertionNo: z.string(),
  kind: z.string(),
  color: z.string().nullable(),
  sex: z.enum(['M', 'F', 'Q']),
  neutered: z.enum(['Y', 'N', 'U']),
  birthYear: z.number().int().nullable(),
  ageText: z.string(),
  weightKg: z.number().nullable(),
  happenDate: day,
  happenPlace: z.string(),
  noticeNo: z.string().nullable(),
  noticeStart: day.nullable(),
  noticeEnd: day.nullable(),
  processState: z.string(),
  status: ShelterStatusSchema,
  specialMark: z.string().nullable(),
  shelter: z.object({ name: z.string(), tel: z.string().nullable(), address: z.string().nullable(), regNo: z.string().nullable() }),
  region: z.object({ sido: z.string().nullable(), sigungu: z.string().nullable() }),
  imageUrls: z.array(z.string().regex(/^\/shelter-images\/[A-Za-z0-9_-]{1,40}\/[12]$/)),
  updatedAt: z.string(),
});
export type ShelterAnimal = z.infer<typeof ShelterAnimalSchema>;
export const ShelterAnimalListSchema = z.array(ShelterAnimalSchema);

export const DesertionNoSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'invalid');
export const ShelterAnimalParamsSchema = z.object({ desertionNo: DesertionNoSchema });
export const ShelterImageParamsSchema = z.object({ desertionNo: DesertionNoSchema, n: z.enum(['1', '2']) });

/** GET /api/shelter-animals: all optional; `place` is a contains match on the place found and the shelter. */
export const ShelterListQuerySchema = z.object({
  page: z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(100_000, 'invalid').default(1),
  size: z.coerce
    .number({ error: 'invalid' })
    .int('invalid')
    .min(1, 'invalid')
    .max(SHELTER_LIMITS.pageSizeMax, 'invalid')
    .default(SHELTER_LIMITS.pageSizeDefault),
  foundDateFrom: isoDate('foundDateInvalid', 'foundDateInvalid').optional(),
  foundDateTo: isoDate('foundDateInvalid', 'foundDateInvalid').optional(),
  place: optionalText(100).optional(),
  sido: optionalText(20).optional(),
  state: z.enum(['active', 'all']).default('active'),
});
export type ShelterListQuery = z.infer<typeof ShelterListQuerySchema>;
export type ShelterListQueryInput = z.input<typeof ShelterListQuerySchema>;

export const SYNC_TRIGGERS = ['schedule', 'admin', 'cli'] as const;
export const SYNC_RUN_STATUSES = ['running', 'succeeded', 'failed', 'partial'] as const;

/** One run of the shelter sync, for the admin's history. `error` is a code and a short reason, never the key. */
export const SyncRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(SYNC_TRIGGERS),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(SYNC_RUN_STATUSES),
  pages: z.number().int().min(0),
  fetched: z.number().int().min(0),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof SyncRunSchema>;
export const SyncRunListSchema = z.array(SyncRunSchema);
export const SyncStartedSchema = z.object({ runId: z.number().int() });
export type SyncStarted = z.infer<typeof SyncStartedSchema>;
export const SyncRunsQuerySchema = z.object({
  page: z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(100_000, 'invalid').default(1),
  size: z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(100, 'invalid').default(20),
});

/**
 * The portal's sido_v2 name of each of our regions. Our stray reports keep the
 * legacy spellings of Gangwon and North Jeolla; the portal uses today's
 * special self-governing province names.
 */
export function shelterSidoOf(region: Region): string {
  if (region === '강원도') return '강원특별자치도';
  if (region === '전라북도') return '전북특별자치도';
  return region;
}
