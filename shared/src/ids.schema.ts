import { z } from 'zod';
import { PositiveIdSchema } from './validation';

/**
 * Path ids, one schema per parameter name: plain decimal database ids only
 * ("0x1A", "+1", "1e3", "01" are not ids). Every server route and test uses these.
 */
export const IdParamsSchema = z.object({ id: PositiveIdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** `/api/adopt/apply/:petId`: the legacy names the stray (report) id `petId`. */
export const StrayIdParamsSchema = z.object({ petId: PositiveIdSchema });
export type StrayIdParams = z.infer<typeof StrayIdParamsSchema>;
