// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
