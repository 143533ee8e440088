import useSWR from 'swr';
import { SyncRunListSchema, SyncStartedSchema, type SyncRun, type SyncStarted } from '@pawbridge/shared';
import { api } from '@/lib/api-client';

export const SYNC_RUNS_PATH = '/api/admin/shelter-sync/runs';
const SYNC_PATH = '/api/admin/shelter-sync';
/** While a run is going, the history is asked again this often. */
export const SYNC_POLL_MS = 2000;

/** After a failed poll the next one waits longer each time, up to this. */
export const SYNC_POLL_MAX_MS = 30_000;

/** The wait before the next poll after `failures` failed ones in a row: the poll interval, doubled each time, capped. */
export const pollBackoffMs = (failures: number) => Math.min(SYNC_POLL_MS * 2 ** Math.max(0, failures), SYNC_POLL_MAX_MS);

/**
 * The latest sync runs (newest first); polled while one is running.
 *
 * A failed poll never stops the polling: SWR's refresh timer skips its turns
 * while the cache holds an error, so without a retry here one 502 froze the page
 * on "running" for good. Failures are retried with back-off until one answers.
 */
export function useSyncRuns(enabled: boolean) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<SyncRun[]>(
    enabled ? SYNC_RUNS_PATH : null,
    () => api(SYNC_RUNS_PATH, { query: { page: 1, size: 20 }, schema: SyncRunListSchema }),
    {
      shouldRetryOnError: true,
      onErrorRetry: (_err, _key, _config, revalidate, { retryCount }) => {
        setTimeout(() => void revalidate({ retryCount }), pollBackoffMs(retryCount - 1));
      },
      refreshInterval: (latest) => (latest?.some((r) => r.status === 'running') ? SYNC_POLL_MS : 0),
    },
  );
  return { runs: data, error: error as unknown, isLoading, isValidating, reload: () => mutate() };
}

export function startSync(): Promise<SyncStarted> {
  return api(SYNC_PATH, { method: 'POST', schema: SyncStartedSchema });
}
