import { toFieldErrorKeys } from '@pawbridge/shared';

type SchemaError = Parameters<typeof toFieldErrorKeys>[0];
/** What a shared zod schema offers (typed structurally: web reaches zod only through @pawbridge/shared). */
export interface SharedSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: SchemaError };
}

/** Where a schema issue is shown: the form field and its sentence, or undefined to leave it out. */
export type PlaceIssue = (path: string, key: string) => { field: string; message: string } | undefined;

/**
 * Check what a form holds against a shared zod schema, the one the BFF enforces.
 * The schema speaks in message keys on request fields; `place` turns each into a
 * sentence on a form field (the first issue per field wins). `data` is the request
 * when the schema accepts the candidate.
 */
export function schemaCheck<T>(
  schema: SharedSchema<T>,
  candidate: unknown,
  place: PlaceIssue,
): { errors: Record<string, string>; data?: T } {
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { errors: {}, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const [path, key] of Object.entries(toFieldErrorKeys(parsed.error))) {
    const placed = place(path, key);
    if (placed && errors[placed.field] === undefined) errors[placed.field] = placed.message;
  }
  return { errors };
}
