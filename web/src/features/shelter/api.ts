import useSWR from 'swr';
import { SyncRunListSchema, SyncStartedSchema, type SyncRun, type SyncStarted } from '@pawbridge/shared';
import { api } from '@/lib/api-client';

export const SYNC_RUNS_PATH = '/api/admin/shelter-sync/runs';
const SYNC_PATH = '/api/admin/shelter-sync';
/** While a run is going, the history is asked again this often. */
export const SYNC_POLL_MS = 2000;

/** The latest sync runs (newest first); polled while one is running. */
export function useSyncRuns(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<SyncRun[]>(
    enabled ? SYNC_RUNS_PATH : null,
    () => api(SYNC_RUNS_PATH, { query: { page: 1, size: 20 }, schema: SyncRunListSchema }),
    {
      shouldRetryOnError: false,
      refreshInterval: (latest) => (latest?.some((r) => r.status === 'running') ? SYNC_POLL_MS : 0),
    },
  );
  return { runs: data, error: error as unknown, isLoading, reload: () => mutate() };
}

export function startSync(): Promise<SyncStarted> {
  return api(SYNC_PATH, { method: 'POST', schema: SyncStartedSchema });
}
