import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '@/lib/api-client';
import { tMaybe } from '@/messages';
import { focusFirstInvalid } from './focus-first-invalid';

export interface ServerErrorOptions {
  /** The form field that shows a server field's message (`profile` → `photo`); undefined drops it. */
  fieldOf?: (serverField: string) => string | undefined;
  /**
   * This form's sentence for a field-error code (a shared validation key such as
   * `emailInvalid`); undefined when the form has none, then the catalogue's
   * server-only codes (`userIdTaken`) and last the server's own text are used.
   */
  messageOf?: (key: string, serverField: string) => string | undefined;
  /** Messages the caller derives from the error code (a taken user id); a server field message wins. */
  extra?: Record<string, string | undefined>;
}

/** The sentence for one server field: the form's words for its code, the catalogue's, else the server's text. */
export function serverFieldMessage(
  err: ApiError,
  serverField: string,
  messageOf: ServerErrorOptions['messageOf'] = () => undefined,
): string | undefined {
  const key = err.fieldErrorCodes[serverField];
  const known = key === undefined ? undefined : (messageOf(key, serverField) ?? tMaybe(`errors.field.${key}`));
  return known ?? err.fieldErrors[serverField];
}

/**
 * The one way a form shows what the server refused: each field the envelope names
 * gets this form's sentence for its `fieldErrorCodes` key (the server's
 * `fieldErrors` text only when the key is unknown here), replacing the form's
 * errors, and focus moves to the first invalid field. Returns whether any message
 * landed on a field.
 */
export function showServerErrors<V>(
  form: UseFormReturnType<V>,
  err: unknown,
  { fieldOf = (f) => f, messageOf, extra = {} }: ServerErrorOptions = {},
): boolean {
  const errors: Record<string, string> = {};
  if (err instanceof ApiError) {
    for (const serverField of new Set([...Object.keys(err.fieldErrorCodes), ...Object.keys(err.fieldErrors)])) {
      const field = fieldOf(serverField);
      const message = serverFieldMessage(err, serverField, messageOf);
      if (field && message !== undefined && errors[field] === undefined) errors[field] = message;
    }
  }
  for (const [field, message] of Object.entries(extra)) if (message !== undefined) errors[field] ??= message;
  form.setErrors(errors);
  const landed = Object.keys(errors).length > 0;
  if (landed) focusFirstInvalid();
  return landed;
}
