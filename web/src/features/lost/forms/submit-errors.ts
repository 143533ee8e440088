import type { UseFormReturnType } from '@mantine/form';
import { errorMessage } from '@/components/feedback/notify';
import { showServerErrors } from '@/components/form/server-errors';
import { ApiError } from '@/lib/api-client';
import { fieldOfFor, keyMessage } from './form-kit';

/**
 * What the server refused, in Korean: each field it names gets this screen's sentence on its control,
 * and the sentence returned is the catalogue's for the reason (errors.reason.LOST_*), else for the code.
 */
export function showSubmitError<V>(form: UseFormReturnType<V>, err: unknown, fields: readonly string[]): string {
  if (err instanceof ApiError) showServerErrors(form, err, { fieldOf: fieldOfFor(fields), messageOf: keyMessage });
  return errorMessage(err);
}
