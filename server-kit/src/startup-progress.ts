import type { FastifyInstance } from 'fastify';

/** The start-up stages a launcher shows (scripts/supervise.mjs has their words). */
export type StartupStage = 'database-create' | 'database-open' | 'seeding' | 'listening';

/**
 * Tells a launcher that started this process with an IPC channel (scripts/start.mjs) what start-up
 * is doing and that it is alive: a stage message at each step and a heart-beat every 2 s until
 * ready. The launcher waits as long as these arrive, so a slow first start (creating and seeding
 * the embedded database) is never cut off by a fixed deadline (issue 24 item 7). Without a channel
 * (containers, systemd) this does nothing.
 */
export function startupProgress() {
  const send = (message: object): void => {
    if (!process.send || !process.connected) return;
    try {
      process.send(message);
    } catch {
      // the launcher went away; nothing to tell
    }
  };
  const beat = setInterval(() => send({ type: 'pawbridge:progress' }), 2000);
  beat.unref();
  return {
    stage(stage: StartupStage): void {
      send({ type: 'pawbridge:stage', stage });
    },
    ready(): void {
      clearInterval(beat);
      send({ type: 'pawbridge:ready' });
      // The channel must not keep the process alive, nor its end stop it.
      process.channel?.unref();
    },
  };
}

/** The one line a busy port deserves (not a stack, not a restart loop): EADDRINUSE names the variable to change. */
export async function listenOrExplain(app: FastifyInstance, opts: { host: string; port: number }, variable: string): Promise<void> {
  try {
    await app.listen(opts);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
    process.stderr.write(`port ${opts.port} is in use; set ${variable}\n`);
    // sysexits' EX_CONFIG: supervisors (scripts/supervise.mjs) do not restart it.
    process.exit(78);
  }
}
