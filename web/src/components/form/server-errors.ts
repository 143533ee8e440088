import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid } from './focus-first-invalid';

export interface ServerErrorOptions {
  /** The form field that shows a server field's message (`profile` → `photo`); undefined drops it. */
  fieldOf?: (serverField: string) => string | undefined;
  /** Messages the caller derives from the error code (a taken user id); a server field message wins. */
  extra?: Record<string, string | undefined>;
}

/**
 * The one way a form shows what the server refused: the envelope's `fieldErrors`
 * (already sentences) replace the form's errors on the fields they name, and focus
 * moves to the first invalid field. Returns whether any message landed on a field.
 */
export function showServerErrors<V>(form: UseFormReturnType<V>, err: unknown, { fieldOf = (f) => f, extra = {} }: ServerErrorOptions = {}): boolean {
  const errors: Record<string, string> = {};
  if (err instanceof ApiError) {
    for (const [serverField, message] of Object.entries(err.fieldErrors)) {
      const field = fieldOf(serverField);
      if (field && errors[field] === undefined) errors[field] = message;
    }
  }
  for (const [field, message] of Object.entries(extra)) if (message !== undefined) errors[field] ??= message;
  form.setErrors(errors);
  const landed = Object.keys(errors).length > 0;
  if (landed) focusFirstInvalid();
  return landed;
}
