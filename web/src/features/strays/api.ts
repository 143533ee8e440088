import {
  BreedPredictionSchema,
  StrayActionResultSchema,
  StrayListSchema,
  StrayReportResultSchema,
  type BreedPrediction,
  type Stray,
  type StrayActionResult,
  type StrayReportRequest,
  type StrayReportResult,
} from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { usePagedList } from '@/lib/use-paged-list';
import { fileFingerprint, withRetryKey } from '@/lib/retry-key';
import { useSubmit } from '@/lib/use-submit';

export const ADMIN_STRAYS_KEY = '/api/admin/abandoned-pets';

/** Every report, newest first as the server sends them, a page at a time (admins only). */
export function useAdminStrays(enabled: boolean) {
  const list = usePagedList<Stray>(enabled ? ADMIN_STRAYS_KEY : null, StrayListSchema);
  return { ...list, strays: list.items };
}

export function predictBreed(photo: File, signal?: AbortSignal): Promise<BreedPrediction> {
  const form = new FormData();
  form.append('imageurl', photo);
  return api('/api/abandoned/predict', { method: 'POST', form, schema: BreedPredictionSchema, signal });
}

const REPORT_PATH = '/api/abandoned/register';

/**
 * The legacy's multipart shape: the JSON part "abandoned-pet" and the file part
 * "imageurl". The JSON goes as a text field (a Blob would arrive as a file part).
 */
export function reportStray(report: StrayReportRequest, photo: File): Promise<StrayReportResult> {
  const form = new FormData();
  form.append('abandoned-pet', JSON.stringify(report));
  form.append('imageurl', photo);
  return withRetryKey(`stray:${JSON.stringify(report)}:${fileFingerprint(photo)}`, (key) =>
    api(REPORT_PATH, { method: 'POST', form, schema: StrayReportResultSchema, headers: { 'idempotency-key': key } }),
  );
}

/** The report submit: `trigger({ request, photo })`, busy while it runs. */
export const useReportStray = () =>
  useSubmit(REPORT_PATH, ({ request, photo }: { request: StrayReportRequest; photo: File }) => reportStray(request, photo));

/** Registers the report as a stray in care, named `name` when the deployment lets the admin name it. */
export function registerStray(id: number, name?: string): Promise<StrayActionResult> {
  return api(`/api/admin/reports/${id}/register`, {
    method: 'POST',
    ...(name !== undefined ? { json: { name } } : {}),
    schema: StrayActionResultSchema,
  });
}

/** The admin renames a dog later. */
export function renameStray(id: number, name: string): Promise<unknown> {
  return api(`/api/admin/abandoned-pets/${id}/name`, { method: 'PUT', json: { name } });
}
