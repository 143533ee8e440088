import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface Target {
  name: string;
  url: string;
}

export interface OpenLoopResult {
  /** Latency of each request from its intended send time (ms): no coordinated omission. */
  latencies: number[];
  sent: number;
  /** Answers other than 2xx, and transport errors. */
  errors: number;
  /** Requests still unanswered when the run ended (counted as errors too). */
  late: number;
}

/**
 * Open-loop load at a fixed rate: request k is due at start + k/rate whether
 * or not earlier ones have answered, and its latency runs from that due time
 * (so a stall shows up in every request it delays). Keep-alive connections
 * are opened as needed (no request ever waits for a free one up to 256).
 */
export async function openLoop(
  url: string,
  opts: { rate: number; durationMs: number; headers?: Record<string, string> },
): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const u = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let inFlight = 0;
  const total = Math.round((opts.rate * opts.durationMs) / 1000);
  const interval = 1000 / opts.rate;
  const start = performance.now() + 20;
  let next = 0;

  const fire = (due: number) => {
    inFlight += 1;
    const req = http.request(
      {
        agent,
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'GET',
        headers: { accept: 'application/json', 'accept-encoding': 'br, gzip', ...opts.headers },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          inFlight -= 1;
          if ((res.statusCode ?? 0) >= 300) errors += 1;
          else latencies.push(performance.now() - due);
        });
      },
    );
    req.on('error', () => {
      inFlight -= 1;
      errors += 1;
    });
    req.end();
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const t = performance.now();
      while (next < total && start + next * interval <= t) {
        fire(start + next * interval);
        next += 1;
      }
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, start + next * interval - performance.now())));
      else resolve();
    };
    setTimeout(tick, 20);
  });
  // Let the last answers arrive (at most 2 s).
  const deadline = performance.now() + 2000;
  while (inFlight > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  agent.destroy();
  return { latencies, sent: total, errors: errors + inFlight, late: inFlight };
}

/** Closed-loop maximum throughput (autocannon): requests per second answered 2xx. */
export async function maxThroughput(
  url: string,
  opts: { connections: number; durationS: number; headers?: Record<string, string> },
): Promise<{ rps: number; non2xx: number; errors: number }> {
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.durationS,
    headers: { accept: 'application/json', 'accept-encoding': 'br, gzip', ...opts.headers },
  });
  return { rps: result['2xx'] / opts.durationS, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}
