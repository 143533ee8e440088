import { afterEach, describe, expect, it, vi } from 'vitest';
import { endLiveConnections, openLive, type LiveConnection } from './live-connections';

/** A connection that records what was done to it; `end` resolves when `finishEnd` is called (or at once). */
function fakeConnection(endsAtOnce = true) {
  const log: string[] = [];
  let finishEnd = () => {};
  const connection: LiveConnection = {
    end: () => {
      log.push('end');
      return endsAtOnce ? Promise.resolve() : new Promise<void>((resolve) => (finishEnd = resolve));
    },
    resume: () => void log.push('resume'),
  };
  return { connection, log, finishEnd: () => finishEnd() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => vi.useRealTimers());

describe('live connections and logout', () => {
  it('opens after the first paint and ends with the cleanup', async () => {
    const fake = fakeConnection();
    const connect = vi.fn(() => fake.connection);
    const cleanup = openLive(async () => connect);
    expect(connect).not.toHaveBeenCalled();
    await flush();
    expect(connect).toHaveBeenCalledTimes(1);
    cleanup();
    expect(fake.log).toEqual(['end']);
    // Forgotten: a later logout does not touch it.
    const live = await endLiveConnections();
    live.release();
    expect(fake.log).toEqual(['end']);
  });

  it('logout waits for every connection to end before it goes on, and a failed logout reopens them', async () => {
    const fake = fakeConnection(false);
    const cleanup = openLive(async () => () => fake.connection);
    await flush();
    let ended = false;
    const pending = endLiveConnections().then((live) => {
      ended = true;
      return live;
    });
    await flush();
    expect(ended).toBe(false);
    fake.finishEnd();
    const live = await pending;
    expect(fake.log).toEqual(['end']);
    live.reopen();
    expect(fake.log).toEqual(['end', 'resume']);
    cleanup();
  });

  it('a client still loading when logout starts never connects; one mounted during the logout waits for its end', async () => {
    let loaded = () => {};
    const connect = vi.fn(() => fakeConnection().connection);
    const loading = openLive(() => new Promise<() => LiveConnection>((resolve) => (loaded = () => resolve(connect))));
    await flush();
    const live = await endLiveConnections();
    const mountedMeanwhile = vi.fn(() => fakeConnection().connection);
    const later = openLive(async () => mountedMeanwhile);
    loaded();
    await flush();
    expect(connect).not.toHaveBeenCalled();
    expect(mountedMeanwhile).not.toHaveBeenCalled();
    // The logout failed: both open now (the first loads its client again).
    live.reopen();
    loaded();
    await flush();
    expect(connect).toHaveBeenCalledTimes(1);
    expect(mountedMeanwhile).toHaveBeenCalledTimes(1);
    loading();
    later();
  });

  it('after a logout is over, a new connection opens again', async () => {
    (await endLiveConnections()).release();
    const connect = vi.fn(() => fakeConnection().connection);
    const cleanup = openLive(async () => connect);
    await flush();
    expect(connect).toHaveBeenCalledTimes(1);
    cleanup();
  });

  it('a connection that never ends holds the logout back at most the wait', async () => {
    vi.useFakeTimers();
    const fake = fakeConnection(false);
    const cleanup = openLive(async () => () => fake.connection);
    await vi.advanceTimersByTimeAsync(1);
    const pending = endLiveConnections(3000);
    await vi.advanceTimersByTimeAsync(2999);
    let done = false;
    void pending.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    (await pending).release();
    cleanup();
  });
});
