import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DrainState } from './health';
import { installGracefulShutdown } from './shutdown';

// installGracefulShutdown with a private signal and a recorded exit; the tiers' tests run their real processes.
function setUp(opts: { timeoutMs: number; drainDelayMs: number; onClose?: () => Promise<void> }) {
  const app = Fastify({ logger: false });
  if (opts.onClose) app.addHook('onClose', opts.onClose);
  const state: DrainState = { draining: false, closing: false };
  const exits: number[] = [];
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  installGracefulShutdown(app, {
    state,
    timeoutMs: opts.timeoutMs,
    drainDelayMs: opts.drainDelayMs,
    signals: ['SIGUSR2'],
    exit: (code) => {
      exits.push(code);
      exited(code);
    },
  });
  return { app, state, exits, exit };
}

const listeners = () => process.listeners('SIGUSR2');

describe('graceful shutdown', () => {
  it('drains first, closes after the drain delay, exits 0 once; a repeated signal changes nothing', async () => {
    const before = listeners();
    const { state, exits, exit } = setUp({ timeoutMs: 5000, drainDelayMs: 150 });
    const mine = listeners().filter((l) => !before.includes(l));
    expect(mine).toHaveLength(1);
    mine[0]?.('SIGUSR2');
    mine[0]?.('SIGUSR2');
    expect(state).toEqual({ draining: true, closing: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(state.closing).toBe(false);
    expect(await exit).toBe(0);
    expect(state.closing).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(exits).toEqual([0]);
    for (const l of mine) process.removeListener('SIGUSR2', l);
  });

  it('exits 1 at the deadline when closing hangs', async () => {
    const before = listeners();
    const { exit } = setUp({ timeoutMs: 200, drainDelayMs: 0, onClose: () => new Promise(() => undefined) });
    const mine = listeners().filter((l) => !before.includes(l));
    const started = Date.now();
    mine[0]?.('SIGUSR2');
    expect(await exit).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const l of mine) process.removeListener('SIGUSR2', l);
  });
});
