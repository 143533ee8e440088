import useSWR from 'swr';
import { DashboardSummarySchema, type DashboardSummary } from '@pawbridge/shared';
import { api } from '@/lib/api-client';

export const DASHBOARD_KEY = '/api/admin/dashboard';

/** The admin dashboard's numbers in one call (the BFF merges the upstream's three). */
export function useDashboard() {
  return useSWR<DashboardSummary>(DASHBOARD_KEY, (path: string) => api(path, { schema: DashboardSummarySchema }), {
    shouldRetryOnError: false,
  });
}
