import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's suite. api and bff also run against
// Postgres and Redis when DATABASE_URL / REDIS_URL are set (CI does both).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this project's 2-core machines. Three keep
    // both cores busy while one file waits (sockets, servers, timed faults): on 2 cores `npm test` used one
    // core's worth of CPU with two workers. Each project's config says the same, since a project's own
    // setting wins (docs/decisions/0030).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      'shared',
      'server-kit',
      'api',
      'bff',
      'web',
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts', 'eslint/**/*.test.ts', 'reliability/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          maxWorkers: Math.max(3, availableParallelism() - 1),
          isolate: false,
        },
      },
    ],
  },
});
