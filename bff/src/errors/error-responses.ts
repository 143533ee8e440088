import { ErrorEnvelopeSchema } from '@pawbridge/shared';

/**
 * OpenAPI `response` entries for the failures a route may answer, all the one
 * envelope: `{ 200: PetSchema, ...errorResponses(400, 401, 502) }`.
 */
export const errorResponses = <S extends number>(...statuses: S[]): Record<S, typeof ErrorEnvelopeSchema> =>
  Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as Record<S, typeof ErrorEnvelopeSchema>;
