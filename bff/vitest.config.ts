import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bff',
    environment: 'node',
    // Three workers on two cores (tests wait a lot), one module graph per worker (docs/decisions/0030).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    isolate: false,
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
