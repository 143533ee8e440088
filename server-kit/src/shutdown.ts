import type { FastifyInstance } from 'fastify';
import type { DrainState } from './health';

export interface ShutdownOptions {
  state: DrainState;
  timeoutMs: number;
  /** /readyz says `draining` this long before the listener closes. */
  drainDelayMs: number;
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: readiness 503 at once, (optionally)
 * wait for the balancer to notice, then app.close(): realtime sockets are told
 * to reconnect (their preClose hooks), the listener stops accepting, in-flight
 * requests finish, database and Redis close; exit 0. Past `timeoutMs` the
 * process exits 1 with a log line. Repeated signals (Ctrl-C reaches the
 * launcher and its children) change nothing.
 */
export function installGracefulShutdown(app: FastifyInstance, opts: ShutdownOptions): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const begin = async (signal: string) => {
    if (started) return;
    started = true;
    opts.state.draining = true;
    app.log.info({ signal, timeoutMs: opts.timeoutMs }, 'shutdown: draining');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: opts.timeoutMs }, 'shutdown: deadline passed with work still open; exiting');
      exit(1);
    }, opts.timeoutMs);
    try {
      if (opts.drainDelayMs > 0) await new Promise((r) => setTimeout(r, opts.drainDelayMs));
      opts.state.closing = true;
      await app.close();
      clearTimeout(deadline);
      app.log.info('shutdown: complete');
      exit(0);
    } catch (err) {
      clearTimeout(deadline);
      app.log.error({ err }, 'shutdown: failed');
      exit(1);
    }
  };
  for (const signal of opts.signals ?? (['SIGINT', 'SIGTERM'] as const)) process.on(signal, () => void begin(signal));
}
