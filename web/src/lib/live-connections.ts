/**
 * The tab's live connections: the bell's STOMP session and an admin's dashboard socket.
 *
 * Logout ends them before it ends the session. A socket still opening when the session ends is refused
 * by the BFF (401) or closed before it is established, and the browser logs either in the console; a
 * journey caught both when logout came within a moment of the page load (CI, 2026-11-27).
 */
export interface LiveConnection {
  /** Ends the connection for good; a socket still opening is let open first, then closed. */
  end(): Promise<void>;
  /** Opens it again after `end` (the logout did not happen). */
  resume(): void;
}

const live = new Set<LiveConnection>();
/** While a logout runs, no connection opens. */
let suspended = false;

/**
 * Opens a connection after the first paint (`load` imports its client, which is not needed to show the
 * page) and keeps it where logout finds it. Returns the effect's cleanup, which ends it.
 */
export function openLive(load: () => Promise<() => LiveConnection>): () => void {
  let connection: LiveConnection | undefined;
  let stopped = suspended;
  const start = () =>
    void load().then((connect) => {
      if (!stopped && !connection) connection = connect();
    });
  const handle: LiveConnection = {
    end: async () => {
      stopped = true;
      await connection?.end();
    },
    resume: () => {
      stopped = false;
      if (connection) connection.resume();
      else start();
    },
  };
  live.add(handle);
  const timer = window.setTimeout(() => !stopped && start(), 0);
  return () => {
    live.delete(handle);
    window.clearTimeout(timer);
    void handle.end();
  };
}

/** A logout never waits longer than this for its sockets (a hung one goes with the page anyway). */
export const LIVE_END_WAIT_MS = 3000;

export interface EndedLive {
  /** The logout failed: every connection of the tab opens again. */
  reopen(): void;
  /** The logout is over: connections may open again (a later login's). */
  release(): void;
}

/** Ends every live connection of the tab, and keeps new ones from opening until `reopen` or `release`. */
export async function endLiveConnections(waitAtMostMs = LIVE_END_WAIT_MS): Promise<EndedLive> {
  suspended = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...live].map((c) => c.end())),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitAtMostMs);
    }),
  ]);
  clearTimeout(timer);
  return {
    reopen: () => {
      suspended = false;
      for (const c of live) c.resume();
    },
    release: () => {
      suspended = false;
    },
  };
}
