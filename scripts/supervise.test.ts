import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM launcher module without types
import { supervise } from './supervise.mjs';

const crashOnce = (marker: { runs: number }) => () => {
  marker.runs += 1;
  // The first run crashes at once; later runs keep running until stopped.
  const code = marker.runs === 1 ? 'process.exit(3)' : 'setInterval(() => {}, 1000)';
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
};

describe('launcher supervision (npm start keeps the app up)', () => {
  it('restarts a crashed child after a back-off and says so', async () => {
    const lines: string[] = [];
    const marker = { runs: 0 };
    const sup = supervise('api', crashOnce(marker), { log: (l: string) => lines.push(l), baseDelayMs: 20 });
    await expect.poll(() => marker.runs, { timeout: 5000 }).toBe(2);
    expect(sup.restarts).toBe(1);
    expect(lines[0]).toMatch(/^\[start\] api stopped \(exit code 3\); restarting in .* s \(attempt 1\)\.$/);
    await sup.stop();
    expect(sup.child.exitCode !== null || sup.child.signalCode !== null).toBe(true);
  });

  it('backs off exponentially while the child keeps crashing, and stop() ends the loop', async () => {
    const lines: string[] = [];
    let runs = 0;
    const sup = supervise(
      'bff',
      () => {
        runs += 1;
        return spawn(process.execPath, ['-e', 'process.exit(1)'], { stdio: 'ignore' });
      },
      { log: (l: string) => lines.push(l), baseDelayMs: 10, maxDelayMs: 40 },
    );
    await expect.poll(() => lines.filter((l) => l.includes('restarting in')).length, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    await sup.stop();
    const delays = lines.filter((l) => l.includes('restarting in')).map((l) => Number(/in ([\d.]+) s/.exec(l)?.[1]));
    expect(delays.slice(0, 4)).toEqual([0.01, 0.02, 0.04, 0.04]);
    const after = runs;
    await new Promise((r) => setTimeout(r, 150));
    expect(runs).toBe(after);
  });
});
